#!/usr/bin/env python3
"""Writes a `vllm bench serve --save-result --save-detailed` result of N requests (default 10,000),
as vllm/benchmarks/serve.py writes one (json.dump, one line; the per-request lists ttfts, itls,
latencies in seconds, generated_texts, errors), for bench/run's observe part. Usage:
  bench/vllm_detailed.py OUT.json [N] [OUTPUT_LEN]"""
import json
import random
import sys

out = sys.argv[1]
n = int(sys.argv[2]) if len(sys.argv) > 2 else 10_000
output_len = int(sys.argv[3]) if len(sys.argv) > 3 else 128   # vllm bench serve's default --random-output-len
rng = random.Random(27)
ttfts = [rng.uniform(0.2, 1.5) for _ in range(n)]
itls = [[rng.gauss(0.0241, 0.003) for _ in range(output_len - 1)] for _ in range(n)]
latencies = [t + sum(i) for t, i in zip(ttfts, itls)]
flat = sorted(x for i in itls for x in i)
result = {
    "date": "20261202-101500", "endpoint_type": "openai", "backend": "openai", "label": None,
    "model_id": "meta-llama/Llama-3.1-8B-Instruct", "tokenizer_id": "meta-llama/Llama-3.1-8B-Instruct",
    "num_prompts": n, "request_rate": "inf", "burstiness": 1.0, "max_concurrency": 64,
    "duration": max(latencies) * n / 64, "completed": n, "failed": 0,
    "total_input_tokens": 1024 * n, "total_output_tokens": output_len * n,
    "request_throughput": 1.0, "request_goodput": None, "output_throughput": 1.0, "total_token_throughput": 1.0,
    "input_lens": [1024] * n, "output_lens": [output_len] * n, "ttfts": ttfts, "itls": itls,
    "latencies": latencies, "start_times": [i * 0.01 for i in range(n)], "queue_times": [0.0] * n,
    "generated_texts": ["lorem ipsum " * (output_len // 4)] * n, "errors": [""] * n,
    "max_output_tokens_per_s": 2688.0, "max_concurrent_requests": 64, "rtfx": 0.0,
    "mean_ttft_ms": 1000 * sum(ttfts) / n, "median_ttft_ms": 1000 * sorted(ttfts)[n // 2], "std_ttft_ms": 0.0,
    "p99_ttft_ms": 1000 * sorted(ttfts)[int(0.99 * n)],
    "mean_itl_ms": 1000 * sum(flat) / len(flat), "median_itl_ms": 1000 * flat[len(flat) // 2], "std_itl_ms": 0.0,
    "p99_itl_ms": 1000 * flat[int(0.99 * len(flat))],
}
with open(out, "w", encoding="utf-8") as f:
    json.dump(result, f)
