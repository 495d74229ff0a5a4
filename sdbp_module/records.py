"""Record classes: dataclasses whose methods are compiled when first used, not when the class is defined.

``@record`` stands where ``@dataclass(frozen=True, slots=True)`` stood (``@record(kw_only=True)``,
``@record(frozen=False)``, ``@record(slots=False)``, ``@record(eq=False)`` for the other forms) and makes
the same class: a real dataclass (``dataclasses.fields``, ``replace``, ``asdict``, ``is_dataclass`` and
``__dataclass_params__`` answer as for ``@dataclass``; ``__slots__``, ``__match_args__``, the class's
docstring, pickling and ``FrozenInstanceError`` are the same), whose ``__init__``, ``__repr__``, ``__eq__``
and ``__hash__`` are the same code as the standard library writes, compiled when first needed.

Why: ``@dataclass`` compiles five or six functions for every class when its module is imported, used or
not (about 0.6 ms a class: 0.1 s of one ``sdbp check``'s start-up, for 156 classes), so start-up grew
with every rule and event class. Here only the fields, the slots and ``__match_args__`` are made when the
class is defined: on Python 3.11 as its ``dataclasses`` makes them for ``dataclass(init=False, repr=False,
eq=False)``, step by step (``_class_of_fields``: a class as the package writes them, without the standard
library's three look-ups per field of ``ClassVar``, ``InitVar`` and ``KW_ONLY`` by a regular expression and
the class's module: 0.05 s less of a small log's check, callgrind), by the standard library itself on another
Python or for a class out of the common run. ``__repr__``,
``__eq__`` and ``__hash__`` are stand-ins that, at their first call, compile the method, put it on the
class in their place and run it. ``__init__``'s stand-in builds the record from its fields, step by step
as the compiled one does, for its first ``COMPILE_AFTER`` calls, then compiles it: most classes are
built only a few times in one command, and a compilation costs as much as some 40 such calls. Every
compiled method is the text the standard library writes, so a hot class runs as fast as before.
``__setattr__`` and ``__delattr__`` of a frozen record only raise, so they are plain functions (the
standard library's own when it made the class and the record inherits a dataclass, since it then checks
frozenness against the base). Besides the public ``dataclasses`` API, one private name is used: the mark a
field carries (``Field._field_type``: a field, or a ``ClassVar`` pseudo-field), read from a class the standard
library made. ``tests/unit/test_records.py`` compares every record of the package with the dataclass the
same definition makes, before and after its ``__init__`` is compiled (on 3.11, and on 3.12 and 3.13 where
the standard library makes the fields).
"""

from __future__ import annotations

import abc
import dataclasses
import inspect
import re
import sys
import typing
from _thread import get_ident
from collections.abc import Callable
from types import MemberDescriptorType, MethodType
from typing import Any, ClassVar, TypeVar, dataclass_transform, overload

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
"""``__dataclass_params__`` by (frozen, eq, slots, kw_only): what ``@dataclass`` with those flags reports."""

_SAMPLE: list[Any] = []


def _sample() -> Any:
    """A class without methods made by ``dataclasses``: a field, a ``ClassVar``, its params (nothing compiled)."""
    if not _SAMPLE:
        namespace = {"__annotations__": {"a": int, "b": ClassVar[int]}, "__doc__": "-"}
        _SAMPLE.append(dataclasses.dataclass(type("_Sample", (), namespace), init=False, repr=False, eq=False))
    return _SAMPLE[0]


def _params(frozen: bool, eq: bool, slots: bool, kw_only: bool) -> Any:
    key = (frozen, eq, slots, kw_only)
    params = _PARAMS.get(key)
    if params is None:
        wanted = {"init": True, "repr": True, "eq": eq, "order": False, "unsafe_hash": False, "frozen": frozen}
        wanted.update(match_args=True, kw_only=kw_only, slots=slots, weakref_slot=False)
        kind = type(_sample().__dataclass_params__)  # the standard library's class of them
        names = getattr(kind, "__slots__", ())
        if names and all(name in wanted for name in names):
            params = kind(**{name: wanted[name] for name in names})
        else:  # another Python's: made as ``@dataclass`` makes them, from a class without fields
            sample: Any = type("_Sample", (), {"__doc__": "-"})
            params = dataclasses.dataclass(sample, frozen=frozen, eq=eq, slots=slots, kw_only=kw_only).__dataclass_params__
        _PARAMS[key] = params
    return params


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
    has_dataclass_base = any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:])
    stdlib_frozen = frozen and has_dataclass_base  # it checks a subclass's frozenness against its bases
    given = cls  # with slots, the standard library makes a new class; its frozen methods name this one
    made: Any = _class_of_fields(cls, frozen=frozen, slots=slots, kw_only=kw_only)
    if made is None:
        made = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=stdlib_frozen, slots=slots, kw_only=kw_only)
    else:
        stdlib_frozen = False  # its frozen methods are written below
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

    made.__dataclass_params__ = _params(frozen, eq, slots, kw_only)
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


_IDENTIFIER = re.compile(r"^(?:\s*(\w+)\s*\.)?\s*(\w+)")
"""How ``dataclasses`` reads the name an annotation's text starts with (``[module.]name``)."""

_MARK = "_field_type"
"""The attribute of a ``dataclasses.Field`` that says what it is (a field, a ``ClassVar``, an ``InitVar``)."""


def _kinds() -> tuple[Any, Any]:
    """The standard library's marks of a field and of a ``ClassVar`` pseudo-field (``Field._field_type``), read
    from a class it made: the one private name of ``dataclasses`` a record uses."""
    fields = _sample().__dataclass_fields__
    return getattr(fields["a"], _MARK), getattr(fields["b"], _MARK)


def _class_of_fields(cls: type, *, frozen: bool, slots: bool, kw_only: bool) -> type | None:
    """What ``dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=frozen, slots=slots,
    kw_only=kw_only)`` makes of a class as the package writes them, done as Python 3.11's ``dataclasses`` does
    it (fields, ``ClassVar`` pseudo-fields, ``__match_args__``, the slotted class) without its per-field
    look-ups of ``KW_ONLY`` and ``InitVar`` and without the frozen methods (the caller writes them, as for
    any frozen record). None, with ``cls`` untouched, for anything else: another Python, no slots, a
    ``KW_ONLY`` or ``InitVar`` field, an annotation that is not text, a frozen mismatch with a dataclass
    base, a default the standard library refuses or treats apart; the standard library makes those."""
    module = sys.modules.get(cls.__module__)
    if sys.version_info[:2] != (3, 11) or not slots or "__slots__" in cls.__dict__ or module is None:
        return None
    field_kind, classvar_kind = _kinds()
    names = module.__dict__
    fields: dict[str, Any] = {}
    has_base = any_frozen_base = False
    for base in cls.__mro__[-1:0:-1]:
        base_fields = getattr(base, "__dataclass_fields__", None)
        if base_fields is not None:
            has_base = True
            fields.update(base_fields)
            any_frozen_base = any_frozen_base or getattr(base, "__dataclass_params__").frozen
    if has_base and any_frozen_base != frozen:
        return None  # the standard library's error
    annotations = cls.__dict__.get("__annotations__", {})
    planned: list[tuple[str, str, Any, Any]] = []  # name, annotation, default, kind
    for name, text in annotations.items():
        if not isinstance(text, str):
            return None
        kind = field_kind
        match = _IDENTIFIER.match(text)
        if match:
            qualifier, word = match.group(1, 2)
            named = names.get(word)
            if named is not None and (
                named is dataclasses.InitVar
                or named is dataclasses.KW_ONLY
                or isinstance(named, dataclasses.InitVar)
                or getattr(named, "__origin__", None) is ClassVar
            ):
                return None
            if named is ClassVar:
                if qualifier and names.get(qualifier) is not typing:
                    return None
                kind = classvar_kind
        default = getattr(cls, name, dataclasses.MISSING)
        if isinstance(default, dataclasses.Field):
            if getattr(default, _MARK) is not None:
                return None
            if kind is classvar_kind and (default.default_factory is not dataclasses.MISSING or default.kw_only is not dataclasses.MISSING):
                return None
            value = default.default
        elif isinstance(default, MemberDescriptorType):
            return None
        else:
            value = default
        if kind is field_kind and value.__class__.__hash__ is None:
            return None  # the standard library refuses a mutable default
        planned.append((name, text, default, kind))
    if any(isinstance(value, dataclasses.Field) and name not in annotations for name, value in cls.__dict__.items()):
        return None
    for name, text, default, kind in planned:  # from here on, as the standard library does
        f = default if isinstance(default, dataclasses.Field) else dataclasses.field(default=default)
        f.name, f.type = name, text
        setattr(f, _MARK, kind)
        if kind is field_kind and f.kw_only is dataclasses.MISSING:
            f.kw_only = kw_only
        fields[name] = f
        if isinstance(getattr(cls, name, None), dataclasses.Field):
            if f.default is dataclasses.MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
    setattr(cls, "__dataclass_fields__", fields)
    real = [f for f in fields.values() if getattr(f, _MARK) is field_kind]
    if "__match_args__" not in cls.__dict__:
        setattr(cls, "__match_args__", tuple(f.name for f in real if f.init and not f.kw_only))
    inherited: set[str] = set()
    for base in cls.__mro__[1:-1]:
        slot = base.__dict__.get("__slots__")
        if isinstance(slot, str):
            inherited.add(slot)
        elif slot is not None:
            inherited.update(slot)
    namespace = dict(cls.__dict__)
    own = tuple(f.name for f in real)
    namespace["__slots__"] = tuple(name for name in own if name not in inherited)
    for name in (*own, "__dict__", "__weakref__"):
        namespace.pop(name, None)
    qualname = getattr(cls, "__qualname__", None)
    made = type(cls)(cls.__name__, cls.__bases__, namespace)
    if qualname is not None:
        made.__qualname__ = qualname
    return abc.update_abstractmethods(made)


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


COMPILE_AFTER = 8
"""A record's ``__init__`` is compiled at its 9th call: the first eight run the same steps from the
fields (about 3.5 times slower a call than the compiled one, but a compilation costs as much as some
40 such calls, measured on a six-field event): a class built a few times, as most are in one command
(a rule, a report, a setting), is never compiled. In the small log's check 85 of the 122 classes built
are built at most 8 times."""


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


# -- the compiled methods: the text ``dataclasses`` writes for each, for Python 3.11 ------------------


def _tuple(obj: str, fields: list[dataclasses.Field[Any]]) -> str:
    return f"({','.join(f'{obj}.{f.name}' for f in fields)},)" if fields else "()"


def _compile(cls: type, name: str) -> Any:
    flags: _Flags = cls.__dict__["__record_flags__"]
    fields = list(dataclasses.fields(cls))
    names: dict[str, Any] = {}
    if name == "__init__":
        names.update({f"_type_{f.name}": f.type for f in fields})
        names.update({"_FACTORY": _FACTORY, "__dataclass_builtins_object__": object, "_return_type": None})
        body = []
        for f in fields:
            value: str | None = f.name
            default = f"_dflt_{f.name}"
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
                body.append(f"__dataclass_builtins_object__.__setattr__(self,{f.name!r},{value})" if flags.frozen else f"self.{f.name}={value}")
        if hasattr(cls, "__post_init__"):
            body.append("self.__post_init__()")

        def param(f: dataclasses.Field[Any]) -> str:
            if f.default is not dataclasses.MISSING:
                return f"{f.name}:_type_{f.name}=_dflt_{f.name}"
            if f.default_factory is not dataclasses.MISSING:
                return f"{f.name}:_type_{f.name}=_FACTORY"
            return f"{f.name}:_type_{f.name}"

        params = ["self", *(param(f) for f in fields if f.init and not f.kw_only)]
        keyword = [param(f) for f in fields if f.init and f.kw_only]
        if keyword:
            params += ["*", *keyword]
        text = f" def __init__({','.join(params)})->_return_type:\n" + "\n".join(f"  {line}" for line in body or ["pass"])
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
    exec(compile(source, "<string>", "exec", dont_inherit=True), module.__dict__ if module else {}, namespace)  # no future import
    method = _qualify(cls, namespace["__create_fn__"](**names))
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
