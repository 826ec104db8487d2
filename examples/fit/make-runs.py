#!/usr/bin/env python3
"""Writes runs/: nine `vllm bench serve --save-result` files, one per --max-concurrency (1 to 256),
whose median ITL is the chain's step at efficiency 78% and 2.5 ms of overhead, times 1 + a noise
uniform in -2% .. +2% from a fixed seed (1, or the third argument; a noise of 0 for none). The steps come from chain itself:

    chain sweep decode-step.chain --over 'batch=1..256 x2' --show step \
        --set efficiency=78% --set 'overhead=2.5 ms' --json | python3 make-runs.py runs 0.02

Each file has the keys of vLLM's benchmarks/serve.py, in its order (main_async(): date,
endpoint_type, backend, label, model_id, tokenizer_id, num_prompts, request_rate, burstiness,
max_concurrency, then benchmark()'s result and process_one_metric()'s mean_/median_/std_/p99_ of
ttft, tpot and itl in ms), written by json.dump on one line, and is named as
compute_result_filename() names it.
"""
import json
import os
import random
import sys

out, noise = sys.argv[1], float(sys.argv[2])
rng = random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else 1)
os.makedirs(out, exist_ok=True)
for i, point in enumerate(json.load(sys.stdin)["points"]):
    batch = int(point["batch"]["si"])
    itl = point["step"]["si"] * 1000 * (1 + rng.uniform(-noise, noise))
    prompts = max(8, 2 * batch)
    ttft = 45.0 + 0.9 * batch  # a 1,024-token prefill, queued behind the others
    e2el = ttft + 1023 * itl
    duration = prompts / batch * e2el / 1000
    date = "20261201-%02d%02d00" % (14, 15 + i)
    result = {
        "date": date, "endpoint_type": "openai", "backend": "openai", "label": None,
        "model_id": "meta-llama/Llama-3.1-8B-Instruct", "tokenizer_id": "meta-llama/Llama-3.1-8B-Instruct",
        "num_prompts": prompts, "request_rate": "inf", "burstiness": 1.0, "max_concurrency": batch,
        "duration": round(duration, 6), "completed": prompts, "failed": 0,
        "total_input_tokens": 1024 * prompts, "total_output_tokens": 1024 * prompts,
        "request_throughput": prompts / duration, "request_goodput": None,
        "output_throughput": 1024 * prompts / duration, "total_token_throughput": 2048 * prompts / duration,
        "max_output_tokens_per_s": round(batch / itl * 1000 * 1.05), "max_concurrent_requests": batch, "rtfx": 0.0,
        "mean_ttft_ms": round(ttft * 1.08, 2), "median_ttft_ms": round(ttft, 2), "std_ttft_ms": round(ttft * 0.2, 2),
        "p99_ttft_ms": round(ttft * 1.9, 2),
        "mean_tpot_ms": round(itl * 1.01, 3), "median_tpot_ms": round(itl, 3), "std_tpot_ms": round(itl * 0.03, 3),
        "p99_tpot_ms": round(itl * 1.12, 3),
        "mean_itl_ms": round(itl * 1.02, 3), "median_itl_ms": round(itl, 3), "std_itl_ms": round(itl * 0.3, 3),
        "p99_itl_ms": round(itl * 2.4, 3),
    }
    name = "openai-infqps-concurrency%d-Llama-3.1-8B-Instruct-%s.json" % (batch, date)
    with open(os.path.join(out, name), "w", encoding="utf-8") as f:
        json.dump(result, f)
