"""A monotonic clock callable from compiled code, so the search can keep a hard deadline.

numba cannot call ``time.perf_counter``, and a ctypes function pointer would stop the callers
from being cached, so the call to libc's ``clock_gettime(CLOCK_MONOTONIC)`` is emitted directly
as LLVM IR. Python's ``time.monotonic_ns`` reads the same clock, so deadlines set in Python and
checked in compiled code agree.
"""

from __future__ import annotations

import time

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

CLOCK_MONOTONIC = 1


@intrinsic
def _clock_gettime_ns(typingctx):  # type: ignore[no-untyped-def]
    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        i64, i32 = ir.IntType(64), ir.IntType(32)
        timespec = ir.LiteralStructType([i64, i64])
        fnty = ir.FunctionType(i32, [i32, timespec.as_pointer()])
        fn = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        ts = cgutils.alloca_once(builder, timespec)
        builder.call(fn, [ir.Constant(i32, CLOCK_MONOTONIC), ts])
        sec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 0))
        nsec = builder.load(cgutils.gep_inbounds(builder, ts, 0, 1))
        return builder.add(builder.mul(sec, ir.Constant(i64, 1_000_000_000)), nsec)

    return types.int64(), codegen


@njit(cache=True)
def now_ns() -> int:
    """Nanoseconds on the monotonic clock (same clock as ``time.monotonic_ns``)."""
    return _clock_gettime_ns()


def deadline_after(ms: float) -> int:
    """The monotonic-clock time ``ms`` milliseconds from now, in nanoseconds."""
    return time.monotonic_ns() + int(ms * 1_000_000)
