package dev.chain.observe;

/** The result files chain reads, each recognised by its content, never by its name. */
public enum Format {
    VLLM("vLLM bench serve result (--save-result JSON, --append-result JSON Lines)"),
    SGLANG("SGLang bench_serving JSON Lines (--output-file)"),
    AIPERF("AIPerf profile_export_aiperf.json"),
    PROMETHEUS("Prometheus text exposition (a saved /metrics page)"),
    TABLE("a CSV or TSV table of runs, units in its headers' parentheses (rate (token/s))");

    private final String description;

    Format(String description) {
        this.description = description;
    }

    /** What a message calls the format. */
    public String description() {
        return description;
    }

    /** The short name a reading gives ({@code vLLM}). */
    public String shortName() {
        return switch (this) {
            case VLLM -> "vLLM";
            case SGLANG -> "SGLang";
            case AIPERF -> "AIPerf";
            case PROMETHEUS -> "Prometheus";
            case TABLE -> "table";
        };
    }

    /** Every format, one per line, for the note of a file that is none of them. */
    public static String known() {
        StringBuilder out = new StringBuilder("chain reads ");
        Format[] all = values();
        for (int i = 0; i < all.length; i++) {
            out.append(i == 0 ? "" : i == all.length - 1 ? " and " : "; ").append(all[i].description);
        }
        return out.toString();
    }
}
