"""Machine-level helpers numba does not offer: population count, a monotonic clock, arrays
named by address, and compilation without reference counting for the searches' per-node
functions.

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
from numba.np.arrayobj import make_array, populate_array

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


def array_view(dtype: types.Type, ndim: int) -> Callable[..., object]:
    """An intrinsic ``view(address, shape)``: the C-contiguous ``ndim``-dimensional array of
    ``dtype`` whose data starts at ``address`` (an int64), for compiled code only.

    numba passes an array to a compiled function as its whole descriptor, seven to eleven
    machine words, and the recursive searches take the position and context tuples, over thirty
    arrays: ``perf`` put a fifth of a review's CPU time in the ``push`` instructions of those
    calls. So they take one array of addresses and shapes instead (a *handle*, see
    ``position.position_at``) and rebuild the descriptors with this, which costs a few loads.
    The view does not keep the memory alive: the handle's arrays must outlive every use (the
    searches' callers hold them), as without reference counting they do anyway."""
    array_type = types.Array(dtype, ndim, "C")

    @intrinsic
    def view(typingctx, address, shape):  # type: ignore[no-untyped-def]
        def codegen(context, builder, signature, args):  # type: ignore[no-untyped-def]
            address_value, shape_value = args
            item = context.get_data_type(dtype)
            itemsize = context.get_constant(types.intp, context.get_abi_sizeof(item))
            shapes = cgutils.unpack_tuple(builder, shape_value, ndim)
            strides, stride = [], itemsize
            for extent in reversed(shapes):
                strides.insert(0, stride)
                stride = builder.mul(stride, extent)
            array = make_array(array_type)(context, builder)
            populate_array(
                array,
                data=builder.inttoptr(address_value, item.as_pointer()),
                shape=shapes,
                strides=strides,
                itemsize=itemsize,
                meminfo=None,
            )
            return array._getvalue()

        return array_type(types.int64, types.UniTuple(types.int64, ndim)), codegen

    return view  # type: ignore[no-any-return]
