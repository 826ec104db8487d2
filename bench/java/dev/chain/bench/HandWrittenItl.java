package dev.chain.bench;

/**
 * The baseline: the card's inter-token-floor chain (chains/02-inter-token-floor.chain) written by
 * hand in Java, computing the same values in base units into the same kind of arrays.
 */
final class HandWrittenItl {
    // Llama 3.1 8B and H100 SXM, as the stdlib derives and cites them.
    private static final double PARAMS = 8_030_261_248.0;
    private static final double KV_BYTES_PER_TOKEN = 131_072.0;
    private static final double HBM_BANDWIDTH = 3.35e12;
    private static final double BF16_PEAK = 989e12;

    static final int BATCH = 0;
    static final int CONTEXT = 1;
    static final int CHUNK = 2;
    static final int MFU = 3;
    static final int SMALL_CHUNK = 4;
    static final int P50 = 5;

    private HandWrittenItl() {}

    static void run(double[] v, boolean[] passed) {
        double batch = v[BATCH];
        double context = v[CONTEXT];
        double weights = PARAMS * 2.0;
        double kv = batch * context * KV_BYTES_PER_TOKEN;
        double floor = (weights + kv) / HBM_BANDWIDTH;
        double tokens = v[CHUNK] + batch * 1.0;
        double flops = 2.0 * PARAMS * tokens;
        double compute = flops / (v[MFU] * BF16_PEAK);
        double kvRead = kv / HBM_BANDWIDTH;
        double mixed = compute + kvRead;
        double smallTokens = v[SMALL_CHUNK] + batch * 1.0;
        double smallStep = 2.0 * PARAMS * smallTokens / (v[MFU] * BF16_PEAK) + kvRead;
        double share = floor / v[P50];
        v[6] = weights;
        v[7] = kv;
        v[8] = floor;
        v[9] = tokens;
        v[10] = flops;
        v[11] = compute;
        v[12] = kvRead;
        v[13] = mixed;
        v[14] = smallTokens;
        v[15] = smallStep;
        v[16] = share;
        passed[0] = share >= 0.5 && share <= 0.8;
        passed[1] = mixed > 3.0 * v[P50];
    }
}
