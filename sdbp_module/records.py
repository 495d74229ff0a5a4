"""Record classes: dataclasses whose methods are compiled when first used, not when the class is defined.

``@record`` stands where ``@dataclass(frozen=True, slots=True)`` stood (``@record(kw_only=True)``,
``@record(frozen=False)``, ``@record(slots=False)``, ``@record(eq=False)`` for the other forms) and makes
the same class: a real dataclass (``dataclasses.fields``, ``replace``, ``asdict``, ``is_dataclass`` and
``__dataclass_params__`` answer as for ``@dataclass``; ``__slots__``, ``__match_args__``, the class's
docstring, pickling and ``FrozenInstanceError`` are the same), whose ``__init__``, ``__repr__``, ``__eq__``
and ``__hash__`` do what the standard library's do (the same text, ``__init__``'s written shorter),
compiled when first needed.

Why: ``@dataclass`` compiles five or six functions for every class when its module is imported, used or
not (about 0.6 ms a class: 0.1 s of one ``sdbp check``'s start-up, for 156 classes), so start-up grew
with every rule and event class. Here the standard library is asked only for what costs little (the
fields, the slots, ``__match_args__``: ``dataclass(init=False, repr=False, eq=False)``). ``__repr__``,
``__eq__`` and ``__hash__`` are stand-ins that, at their first call, compile the method, put it on the
class in their place and run it. ``__init__``'s stand-in builds the record from its fields, step by step
as the compiled one does, for its first ``COMPILE_AFTER`` calls, then compiles it: most classes are
built only a few times in one command, and a compilation costs as much as some 40 such calls. Every
compiled method is the text the standard library writes, so a hot class runs as fast as before; only
``__init__``'s is written shorter, its steps the same (its annotations given after compiling, not in the
text; ``object.__setattr__`` bound once), as a compilation's cost grows with the text.
``__setattr__`` and ``__delattr__`` of a frozen record only raise, so they are plain functions (the
standard library's own when the record inherits a dataclass that is not a frozen record, since it then
checks frozenness against the base; a frozen record's bases answer it as not frozen while a record is made
on them: ``_THAWED_BASES``). Only the public ``dataclasses`` API is used; ``tests/unit/test_records.py`` compares every
record of the package with the dataclass the same definition makes, before and after its ``__init__``
is compiled.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import sys
from _thread import get_ident
from collections.abc import Callable
from types import MethodType
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")
_F = TypeVar("_F", bound=Callable[..., Any])


class _Factory:
    """The default an ``__init__`` parameter shows for a field with a ``default_factory``."""

    def __repr__(self) -> str:
        return "<factory>"


_FACTORY = _Factory()


class _Flags:
    """What a record was asked for, kept on the class for the methods compiled later."""

    __slots__ = ("eq", "frozen", "slots")

    def __init__(self, eq: bool, frozen: bool, slots: bool) -> None:
        self.eq, self.frozen, self.slots = eq, frozen, slots


_PARAMS: dict[tuple[bool, bool, bool, bool], Any] = {}
"""``__dataclass_params__`` by (frozen, eq, slots, kw_only): read once from a class without fields made by
``@dataclass`` with those flags, so a record reports what ``@dataclass`` would have."""


def _params(frozen: bool, eq: bool, slots: bool, kw_only: bool) -> Any:
    key = (frozen, eq, slots, kw_only)
    params = _PARAMS.get(key)
    if params is None:
        sample: Any = dataclasses.dataclass(type("_Sample", (), {"__doc__": "-"}), frozen=frozen, eq=eq, slots=slots, kw_only=kw_only)
        params = _PARAMS[key] = sample.__dataclass_params__
    return params


class _Params:
    """A record's ``__dataclass_params__``: :func:`_params` of its flags, made at the first ask (the class's or
    an instance's, as a class attribute answers). Each sample the standard library makes compiles five or six
    methods (0.5 ms), and most commands ask for none: a check asks only a base's, when the standard library
    makes a subclass of it (``Event``'s)."""

    __slots__ = ("key",)

    def __init__(self, key: tuple[bool, bool, bool, bool]) -> None:
        self.key = key

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        frozen, eq, slots, kw_only = self.key
        if frozen and get_ident() in _THAWED_BASES:
            return _thawed_params(slots, kw_only)
        return _params(*self.key)


_THAWED_BASES: set[int] = set()
"""The threads now making a frozen record whose dataclass bases are all frozen records (``_make``): to them such a
base's ``__dataclass_params__`` answers ``frozen=False``, so the standard library, asked for the record with
``frozen=False``, finds its bases as frozen as it (the only use it makes of a base's parameters) and writes no
``__setattr__`` and ``__delattr__``: ``_frozen_methods`` gives them as for a record without bases."""


@functools.cache
def _thawed_params(slots: bool, kw_only: bool) -> Any:
    """The parameters of a class ``@dataclass`` makes without methods and not frozen (it compiles nothing)."""
    sample: Any = dataclasses.dataclass(type("_Sample", (), {"__doc__": "-"}), init=False, repr=False, eq=False, slots=slots, kw_only=kw_only)
    return sample.__dataclass_params__


_PARAMS_OF: dict[tuple[bool, bool, bool, bool], _Params] = {}
"""One :class:`_Params` for each set of flags."""


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, frozen: bool = True, slots: bool = True, kw_only: bool = False, eq: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(
    cls: type[_T] | None = None, /, *, frozen: bool = True, slots: bool = True, kw_only: bool = False, eq: bool = True
) -> type[_T] | Callable[[type[_T]], type[_T]]:
    """The class as ``dataclasses.dataclass(cls, frozen=frozen, slots=slots, kw_only=kw_only, eq=eq)``
    makes it, with ``__init__``, ``__repr__``, ``__eq__`` and ``__hash__`` compiled on first use."""

    def wrap(cls: type[_T]) -> type[_T]:
        return _make(cls, frozen=frozen, slots=slots, kw_only=kw_only, eq=eq)

    return wrap if cls is None else wrap(cls)


def _make(cls: type[_T], *, frozen: bool, slots: bool, kw_only: bool, eq: bool) -> type[_T]:
    own = dict(cls.__dict__)  # what the class body defined: kept, as ``@dataclass`` keeps it
    needs_doc = not cls.__doc__
    if needs_doc:
        cls.__doc__ = "-"  # written below from the fields; the standard library would ask ``inspect``
    bases = [base for base in cls.__mro__[1:] if hasattr(base, "__dataclass_fields__")]
    # The standard library checks a subclass's frozenness against its bases': asked for a frozen record on
    # dataclass bases, it is given frozen=True (and compiles its __setattr__ and __delattr__, 0.15 ms a class),
    # unless every base is a frozen record, which then answers frozen=False while the record is made
    thawed = frozen and bool(bases) and all(getattr(getattr(base, "__record_flags__", None), "frozen", False) for base in bases)
    stdlib_frozen = frozen and bool(bases) and not thawed
    given = cls  # with slots, the standard library makes a new class; its frozen methods name this one
    made: Any
    if thawed:
        _THAWED_BASES.add(get_ident())
        try:
            made = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=False, slots=slots, kw_only=kw_only)
        finally:
            _THAWED_BASES.discard(get_ident())
    else:
        made = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=stdlib_frozen, slots=slots, kw_only=kw_only)
    fields = dataclasses.fields(made)
    if len(fields) != len(made.__dataclass_fields__) and any(_is_init_var(f.type) for f in made.__dataclass_fields__.values()):
        raise TypeError(f"{made.__qualname__}: a record has no InitVar fields (use dataclasses.dataclass)")
    if "self" in made.__dataclass_fields__:
        raise TypeError(f"{made.__qualname__}: a record has no field named 'self'")
    positional = [f for f in fields if f.init and not f.kw_only]
    seen_default = False
    for f in positional:
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")

    key = (frozen, eq, slots, kw_only)
    made.__dataclass_params__ = _PARAMS_OF.get(key) or _PARAMS_OF.setdefault(key, _Params(key))
    made.__record_flags__ = _Flags(eq, frozen, slots)
    if "__init__" not in own:
        made.__init__ = _init_stand_in(made)
    if "__repr__" not in own:
        made.__repr__ = _stand_in(made, "__repr__")
    if eq and "__eq__" not in own:
        made.__eq__ = _stand_in(made, "__eq__")
    if frozen and not stdlib_frozen:
        for name, method in _frozen_methods(given, made, fields):
            if name in own:
                raise TypeError(f"Cannot overwrite attribute {name} in class {made.__name__}")
            setattr(made, name, method)
        if slots:
            if "__getstate__" not in own:
                made.__getstate__ = _getstate
            if "__setstate__" not in own:
                made.__setstate__ = _setstate
    class_hash = own.get("__hash__", dataclasses.MISSING)
    explicit_hash = not (class_hash is dataclasses.MISSING or (class_hash is None and "__eq__" in own))
    if eq and not explicit_hash:  # the standard library's table for ``unsafe_hash=False``
        made.__hash__ = _stand_in(made, "__hash__") if frozen else None
    if needs_doc:
        signature = inspect.signature(made) if "__init__" in own else _signature(fields)
        made.__doc__ = made.__name__ + str(signature).replace(" -> None", "")
    return made  # type: ignore[no-any-return]


def _is_init_var(annotation: object) -> bool:
    if isinstance(annotation, str):
        return "InitVar" in annotation
    return annotation is dataclasses.InitVar or isinstance(annotation, dataclasses.InitVar)


def _signature(fields: tuple[dataclasses.Field[Any], ...]) -> inspect.Signature:
    """The signature ``inspect`` gives the class once its ``__init__`` is compiled (without ``-> None``)."""
    params = []
    for kind, keyword in ((inspect.Parameter.POSITIONAL_OR_KEYWORD, False), (inspect.Parameter.KEYWORD_ONLY, True)):
        for f in fields:
            if f.init and f.kw_only is keyword:
                default: Any = inspect.Parameter.empty
                if f.default is not dataclasses.MISSING:
                    default = f.default
                elif f.default_factory is not dataclasses.MISSING:
                    default = _FACTORY
                params.append(inspect.Parameter(f.name, kind, default=default, annotation=f.type))
    return inspect.Signature(params)


def _qualify(cls: type, method: _F) -> _F:
    method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
    return method


class _StandIn:
    """A record's method until it is compiled (``run`` does the work, then puts the compiled method in its
    place). It binds as a function does, and ``inspect.signature`` sees the compiled method's signature."""

    def __init__(self, cls: type, name: str, run: Callable[..., Any]) -> None:
        self._cls, self._run = cls, run
        self.__name__, self.__qualname__, self.__module__ = name, f"{cls.__qualname__}.{name}", cls.__module__

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return self if obj is None else MethodType(self, obj)

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        return self._run(*args, **kwargs)

    @property
    def __signature__(self) -> inspect.Signature:
        return inspect.signature(_compile(self._cls, self.__name__))


def _stand_in(cls: type, name: str) -> _StandIn:
    """The method ``name`` of ``cls`` until its first call, which compiles it and puts it in its place."""

    def first(self: Any, *args: Any, **kwargs: Any) -> Any:
        compiled = _compile(cls, name)
        setattr(cls, name, compiled)
        return compiled(self, *args, **kwargs)

    return _StandIn(cls, name, first)


COMPILE_AFTER = 16
"""A record's ``__init__`` is compiled at its 17th call: the first sixteen run the same steps from the
fields (about three times slower a call than the compiled one: 1.4 against 0.4 microseconds for three
fields, 1.8 against 0.6 for six; but a compilation, 50 to 80 microseconds, costs what 50 to 70 calls lose):
a class built a few times, as most are in one command (a rule, a report, a setting), is never compiled.
In the small log's check 106 of the 151 classes built are built at most 16 times (92 at most 8); 16
rather than 8 spares it 14 compilations (1,014.7 M -> 1,009.7 M instructions, callgrind; 24 and 40 gave
1,010.4 M and 1,012.3 M)."""


def _init_stand_in(cls: type) -> _StandIn:
    """``__init__`` of ``cls`` until it is compiled: each step of the compiled one, in its order, from the
    fields. A call that does not bind plainly (a missing, extra or repeated argument) goes to the compiled
    ``__init__`` at once, so its error is the same."""
    calls = 0
    steps: tuple[tuple[str, bool, Any, Any], ...] | None = None
    positional: tuple[str, ...] = ()
    known: frozenset[str] = frozenset()
    required: frozenset[str] = frozenset()
    frozen = post_init = False

    def plan() -> tuple[tuple[str, bool, Any, Any], ...]:
        nonlocal positional, known, required, frozen, post_init
        flags: _Flags = cls.__dict__["__record_flags__"]
        fields = dataclasses.fields(cls)
        frozen, post_init = flags.frozen, hasattr(cls, "__post_init__")
        positional = tuple(f.name for f in fields if f.init and not f.kw_only)
        known = frozenset(f.name for f in fields if f.init)
        required = frozenset(f.name for f in fields if f.init and f.default is f.default_factory is dataclasses.MISSING)
        out: list[tuple[str, bool, Any, Any]] = []
        for f in fields:  # (name, given by the caller, default, factory): as ``_compile`` writes the body
            if f.default_factory is not dataclasses.MISSING:
                out.append((f.name, f.init, _NONE, f.default_factory))
            elif f.init:
                out.append((f.name, True, f.default, None))
            elif flags.slots and f.default is not dataclasses.MISSING:
                out.append((f.name, False, f.default, None))
        return tuple(out)

    def __init__(self: Any, /, *args: Any, **kwargs: Any) -> None:
        nonlocal calls, steps
        calls += 1
        if steps is None:
            steps = plan()
        given = dict(zip(positional, args))
        if calls > COMPILE_AFTER or len(args) > len(positional) or (kwargs and (not kwargs.keys() <= known or not kwargs.keys().isdisjoint(given))):
            compiled = _compile(cls, "__init__")
            setattr(cls, "__init__", compiled)
            return compiled(self, *args, **kwargs)  # type: ignore[no-any-return]
        given.update(kwargs)
        if not required <= given.keys():
            compiled = _compile(cls, "__init__")
            setattr(cls, "__init__", compiled)
            return compiled(self, *args, **kwargs)  # type: ignore[no-any-return]
        for name, init, default, factory in steps:
            if factory is not None:
                value = given[name] if init and name in given else factory()
            else:
                value = given[name] if init and name in given else default
            if frozen:
                object.__setattr__(self, name, value)
            else:
                setattr(self, name, value)
        if post_init:
            self.__post_init__()

    return _StandIn(cls, "__init__", __init__)


_NONE = object()


# -- the compiled methods: the text ``dataclasses`` writes for each, for Python 3.11 (``__init__``'s shorter)


def _tuple(obj: str, fields: list[dataclasses.Field[Any]]) -> str:
    return f"({','.join(f'{obj}.{f.name}' for f in fields)},)" if fields else "()"


def _compile(cls: type, name: str) -> Any:
    flags: _Flags = cls.__dict__["__record_flags__"]
    fields = list(dataclasses.fields(cls))
    names: dict[str, Any] = {}
    annotations: dict[str, Any] | None = None
    if name == "__init__":
        # The standard library's ``__init__``, step for step, in shorter text (a compilation's cost grows with
        # its text): the parameters' annotations are set on the function afterwards, not compiled in; a default
        # is named by its position; a frozen record's fields are set through ``object.__setattr__`` bound once.
        # The helpers' names are dunder names, as the standard library's, so no field can clash with them.
        names.update({"_FACTORY": _FACTORY, "__dataclass_set__": object.__setattr__})
        annotations = {}
        defaults: dict[str, str] = {}
        for f in fields:
            if f.default_factory is not dataclasses.MISSING or (f.default is not dataclasses.MISSING and (f.init or flags.slots)):
                defaults[f.name] = f"__dataclass_dflt_{len(defaults)}__"
        body = []
        for f in fields:
            value: str | None = f.name
            default = defaults.get(f.name, "")
            if f.default_factory is not dataclasses.MISSING:
                names[default] = f.default_factory
                value = f"{default}() if {f.name} is _FACTORY else {f.name}" if f.init else f"{default}()"
            elif f.init:
                if f.default is not dataclasses.MISSING:
                    names[default] = f.default
            elif flags.slots and f.default is not dataclasses.MISSING:
                names[default] = f.default
                value = default
            else:
                value = None  # read from the class attribute that holds the default
            if value is not None:
                body.append(f"__dataclass_set__(self,{f.name!r},{value})" if flags.frozen else f"self.{f.name}={value}")
        if hasattr(cls, "__post_init__"):
            body.append("self.__post_init__()")

        def param(f: dataclasses.Field[Any]) -> str:
            assert annotations is not None
            annotations[f.name] = f.type
            if f.default is not dataclasses.MISSING:
                return f"{f.name}={defaults[f.name]}"
            if f.default_factory is not dataclasses.MISSING:
                return f"{f.name}=_FACTORY"
            return f.name

        params = ["self", *(param(f) for f in fields if f.init and not f.kw_only)]
        keyword = [param(f) for f in fields if f.init and f.kw_only]
        if keyword:
            params += ["*", *keyword]
        annotations["return"] = None
        text = f" def __init__({','.join(params)}):\n" + "\n".join(f"  {line}" for line in body or ["pass"])
    elif name == "__repr__":
        shown = ", ".join(f"{f.name}={{self.{f.name}!r}}" for f in fields if f.repr)
        text = f' def __repr__(self):\n  return self.__class__.__qualname__ + f"({shown})"'
    elif name == "__eq__":
        compared = [f for f in fields if f.compare]
        text = (
            " def __eq__(self,other):\n  if other.__class__ is self.__class__:\n"
            f"   return {_tuple('self', compared)}=={_tuple('other', compared)}\n  return NotImplemented"
        )
    elif name == "__hash__":
        hashed = [f for f in fields if (f.compare if f.hash is None else f.hash)]
        text = f" def __hash__(self):\n  return hash({_tuple('self', hashed)})"
    else:
        raise ValueError(name)
    module = sys.modules.get(cls.__module__)
    namespace: dict[str, Any] = {}
    source = f"def __create_fn__({', '.join(names)}):\n{text}\n return {name}"
    from sdbp_module.codecache import compiled

    exec(compiled(source), module.__dict__ if module else {}, namespace)  # no future import
    method = _qualify(cls, namespace["__create_fn__"](**names))
    if annotations is not None:
        method.__annotations__ = annotations
    return _recursive_repr(cls, method) if name == "__repr__" else method


def _recursive_repr(cls: type, method: Callable[[Any], str]) -> Callable[[Any], str]:
    """``method`` answering ``...`` for a record met again inside its own repr (as ``dataclasses`` does)."""
    running: set[tuple[int, int]] = set()

    def __repr__(self: Any) -> str:
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            return method(self)
        finally:
            running.discard(key)

    __repr__.__wrapped__ = method  # type: ignore[attr-defined]
    return _qualify(cls, __repr__)


def _frozen_methods(cls: type[Any], made: type, fields: tuple[dataclasses.Field[Any], ...]) -> tuple[tuple[str, Any], ...]:
    """``__setattr__`` and ``__delattr__`` of a frozen record (``made`` from ``cls``), as ``dataclasses`` writes
    them: a field, or any name of an instance of ``cls`` itself, raises ``FrozenInstanceError``; another name
    goes on to ``super(cls, self)``. With slots ``cls`` is the class before its slots (the standard library's
    own quirk, kept): there another name is a ``TypeError``, as ``super`` refuses the instance."""
    names = frozenset(f.name for f in fields)

    def __setattr__(self: Any, name: str, value: Any) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    def __delattr__(self: Any, name: str) -> None:
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return ("__setattr__", _qualify(made, __setattr__)), ("__delattr__", _qualify(made, __delattr__))


def _getstate(self: Any) -> list[Any]:
    """A frozen slotted record's state for pickle and copy: its fields' values, in order."""
    return [getattr(self, f.name) for f in dataclasses.fields(self)]


def _setstate(self: Any, state: list[Any]) -> None:
    for f, value in zip(dataclasses.fields(self), state):
        object.__setattr__(self, f.name, value)  # frozen: past ``__setattr__``
