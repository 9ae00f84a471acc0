"""``http_load --gc``: put on the service's PYTHONPATH, this records every garbage collection
of each service process once it froze its start-up heap (service/ops/commands/server.py
``tune_gc``), one line per collection in ``$GAMESTATE_BENCH_GC/<pid>.gc``: generation,
milliseconds (wall), objects collected, milliseconds of this thread's CPU (a wall
pause much longer than its CPU is the process waiting for a core, not the collector
working). Bench-only: nothing of the service imports it."""

import os

_directory = os.environ.get("GAMESTATE_BENCH_GC")

if _directory:
    import gc
    import time

    _started = [0.0, 0.0]
    _path = None

    def _record(phase, info):
        global _path
        if gc.get_freeze_count() == 0:
            return  # start-up: imports and the app being built
        if phase == "start":
            _started[0] = time.perf_counter()
            _started[1] = time.thread_time()
            return
        took = (time.perf_counter() - _started[0]) * 1000
        cpu = (time.thread_time() - _started[1]) * 1000
        if _path is None:
            _path = os.path.join(_directory, f"{os.getpid()}.gc")
        with open(_path, "a") as f:
            f.write(f"{info['generation']} {took:.3f} {info['collected']} {cpu:.3f}\n")

    gc.callbacks.append(_record)
