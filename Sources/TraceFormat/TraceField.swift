import TracerCore

/// A field of a `tracer/1` line that this reader knows, with the JSON type it must hold.
///
/// NB: `@usableFromInline`, as `ParsedEvent`, whose inlined `has` takes it.
@usableFromInline package enum TraceField: UInt8, Sendable, CaseIterable {
    case seq, ts, tid, tx, kind, view, prop, wrapper, changed, site, cause, reason, dur, name, message, count
    case schema, tool, scenario, variant, unit, pid, conn, built, extractable, group, system, old, new, values, changes, inputs, causes

    /// The JSON type a known field's value must have.
    package enum ValueType: Sendable {
        /// A JSON number with an integral value.
        case integer
        /// A JSON string.
        case string
        /// `true`/`false` (a write's `changed`) or an integer (a body-eval's `changed`).
        case booleanOrInteger
        /// `true`/`false`.
        case boolean
        /// A JSON array of strings.
        case stringList
        /// A JSON array of integers.
        case integerList

        /// Whether an integer is a value of this type.
        @inlinable package var takesIntegers: Bool {
            @inline(__always) get { self == .integer || self == .booleanOrInteger }
        }
    }

    /// The field's key, as the contract spells it.
    package var key: String {
        typealias F = TraceSchema.Field
        switch self {
        case .seq: return F.seq
        case .ts: return F.ts
        case .tid: return F.tid
        case .tx: return F.tx
        case .kind: return F.kind
        case .view: return F.view
        case .prop: return F.prop
        case .wrapper: return F.wrapper
        case .changed: return F.changed
        case .site: return F.site
        case .cause: return F.cause
        case .reason: return F.reason
        case .dur: return F.dur
        case .name: return F.name
        case .message: return F.message
        case .count: return F.count
        case .schema: return F.schema
        case .tool: return F.tool
        case .scenario: return F.scenario
        case .variant: return F.variant
        case .unit: return F.unit
        case .pid: return F.pid
        case .conn: return F.conn
        case .built: return F.built
        case .extractable: return F.extractable
        case .group: return F.group
        case .system: return F.system
        case .old: return F.old
        case .new: return F.new
        case .values: return F.values
        case .changes: return F.changes
        case .inputs: return F.inputs
        case .causes: return F.causes
        }
    }

    /// The type the value of this field must have.
    package var valueType: ValueType {
        switch self {
        case .seq, .ts, .tid, .tx, .cause, .dur, .count, .pid, .conn, .built, .extractable, .group: return .integer
        case .changed: return .booleanOrInteger
        case .system: return .boolean
        case .inputs: return .stringList
        case .causes: return .integerList
        default: return .string
        }
    }

    /// This field's bit in a `TraceFieldSet`.
    @inlinable package var bit: TraceFieldSet {
        @inline(__always) get { TraceFieldSet(rawValue: 1 &<< UInt64(rawValue)) }
    }
}

/// A set of `TraceField`s: which fields a line held.
///
/// NB: `@usableFromInline`, as `ParsedEvent`, whose inlined `has` reads it. 64 bits: `causes`
/// was the 33rd field.
@usableFromInline package struct TraceFieldSet: OptionSet, Sendable, Hashable {
    @usableFromInline package var rawValue: UInt64
    @inlinable package init(rawValue: UInt64) { self.rawValue = rawValue }

    /// Whether `field` is in the set.
    @inlinable @inline(__always) package func has(_ field: TraceField) -> Bool { rawValue & (1 &<< UInt64(field.rawValue)) != 0 }
}

extension EventKind {
    /// Whether an event of this kind must name a `view`.
    package var requiresView: Bool {
        switch self {
        case .write, .invalidate, .bodyEval, .skip, .mount, .unmount, .stateInit: return true
        case .mark, .meta, .warning, .dropped, .connection, .hitch, .updateGroup: return false
        }
    }
}
