"""Machine-level helpers numba does not offer: population count and a monotonic clock.

Both are LLVM intrinsics or external symbols resolved by name, so functions that use them stay
cacheable (``cache=True``): a ctypes function pointer would bake a process address into the code.
"""

from __future__ import annotations

from llvmlite import ir
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic

CLOCK_MONOTONIC = 1


@intrinsic
def popcount(typingctx, value):  # type: ignore[no-untyped-def]
    """Number of set bits of a uint64 (one ``popcnt`` instruction)."""
    if value != types.uint64:
        return None

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        (word,) = args
        return builder.ctpop(word)

    return types.uint64(types.uint64), codegen


@intrinsic
def monotonic_ns(typingctx):  # type: ignore[no-untyped-def]
    """``clock_gettime(CLOCK_MONOTONIC)`` in nanoseconds, callable from nopython code (~20 ns)."""

    def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
        i64, i32 = ir.IntType(64), ir.IntType(32)
        timespec = ir.LiteralStructType([i64, i64])
        fnty = ir.FunctionType(i32, [i32, timespec.as_pointer()])
        clock_gettime = cgutils.get_or_insert_function(builder.module, fnty, "clock_gettime")
        spec = cgutils.alloca_once(builder, timespec)
        builder.call(clock_gettime, [ir.Constant(i32, CLOCK_MONOTONIC), spec])
        seconds = builder.load(cgutils.gep_inbounds(builder, spec, 0, 0))
        nanos = builder.load(cgutils.gep_inbounds(builder, spec, 0, 1))
        return builder.add(builder.mul(seconds, ir.Constant(i64, 1_000_000_000)), nanos)

    return types.int64(), codegen
