"""Machine-level helpers numba does not offer: population count, a monotonic clock, and
compilation without reference counting for the searches' per-node functions.

Both are LLVM intrinsics or external symbols resolved by name, so functions that use them stay
cacheable (``cache=True``): a ctypes function pointer would bake a process address into the code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

CLOCK_MONOTONIC = 1
F = TypeVar("F", bound=Callable[..., object])


def njit_search(function: F) -> F:
    """``njit(cache=True)`` for a search function called at every node, without numba's
    reference counting.

    numba increments and decrements the count of every array a compiled call receives, with
    atomic instructions. The searches recurse with the position and context tuples, some thirty
    arrays: profiled with ``perf``, the count updates were a third of all search time. These
    functions allocate nothing and every array they see belongs to the Python caller for the
    whole search, so the counts guard nothing; numba refuses to compile an allocation in such a
    function, which keeps that promise checked.
    """
    return njit(cache=True, _nrt=False)(function)  # type: ignore[no-any-return]


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
