/// A random number generator from a seed (SplitMix64): the same seed, the same numbers, on every
/// platform and run.
public struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64

    /// A generator starting from `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    public mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    /// One of `choices` (not empty).
    public mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }
}

/// A random `tracer/1` trace for property tests, the same for the same seed: a view tree; writes
/// of several wrappers, some caused by other writes; invalidations; evaluations of owners and
/// their children along cause chains, with skips; `built`/`extract` from {1, 3, 6, 7, 10} (`extract`
/// above `built` included); durations of 0, absent, small and near 2^63; mounts, unmounts and
/// state-inits; marks, hitches and a kind no reader knows; on even seeds, writes' values (pairs
/// from a few strings, escaped, non-ASCII and cut ones among them, and both markers).
public struct RandomTrace {
    /// The trace's lines, the `meta` header first, without newlines.
    public private(set) var lines: [String]
    private var random: SeededRandom
    private var seq = 0
    private var ts = 0
    private var tx = 0
    /// The views, parents before children: each path and the indices of its children.
    private var views: [(path: String, children: [Int])] = []
    /// Whether writes carry values (even seeds): `old`/`new` or a marker, chosen by `seq` so that
    /// the other events are those of a trace without values.
    private let recordsValues: Bool

    /// The trace of `seed`, of 200 to `maximumEvents` events (more of them short than long).
    public init(seed: UInt64, maximumEvents: Int = 2_000) {
        random = SeededRandom(seed: seed)
        recordsValues = seed % 2 == 0
        // NB: a header that lists values must list every capability the runtime's implies.
        let capabilities = #","capabilities":["write","invalidate","body-eval","skip","mount","unmount","state-init","mark","dur","#
            + #""body-eval.changed","body-eval.built","write.changed","cause","site","wrapper","view-path","values"]"#
        lines = [#"{"kind":"meta","schema":"tracer/1","tool":"random","scenario":"random","variant":"v\#(seed % 3)","unit":"ns","pid":1\#(recordsValues ? capabilities : "")}"#]
        makeViews()
        let spread = max(maximumEvents - 200, 0)
        let events = 200 + (0..<2).reduce(random.below(spread + 1)) { share, _ in share * random.below(spread + 1) / max(spread, 1) }
        while lines.count <= events { transaction() }
        lines.removeLast(lines.count - 1 - events)
    }

    /// The trace as a file holds it.
    public var text: String { lines.joined(separator: "\n") + "\n" }

    /// Two roots and up to 14 more views under them.
    private mutating func makeViews() {
        views = [("Root", []), ("Settings", [])]
        let segments = ["Header", "List", "Row[1]", "Row[2]", "Row[x/y]", "Label", "Button#2", "Detail"]
        for _ in 0..<(4 + random.below(11)) {
            let parent = random.below(views.count)
            let path = views[parent].path + "/" + random.pick(segments)
            guard !views.contains(where: { $0.path == path }) else { continue }
            views.append((path, []))
            views[parent].children.append(views.count - 1)
        }
    }

    /// Appends one event with `fields` (`"kind":…` and the rest); returns its `seq`.
    @discardableResult
    private mutating func emit(_ fields: String, tid: Int = 1) -> Int {
        seq += 1 + (random.below(20) == 0 ? random.below(3) : 0)
        ts += 1 + random.below(1_000)
        lines.append(#"{"seq":\#(seq),"ts":\#(ts),"tid":\#(tid),"tx":\#(tx),\#(fields)}"#)
        return seq
    }

    /// One transaction: most often an update, else a mark, a hitch or an unknown kind, a row
    /// mounted again, or an initial evaluation.
    private mutating func transaction() {
        tx += 1
        switch random.below(20) {
        case 0: emit(#""kind":"mark","name":"m\#(random.below(3))""#)
        case 1: emit(random.below(2) == 0 ? #""kind":"hitch","dur":\#(random.below(50_000))"# : #""kind":"custom-kind","view":"Root""#)
        case 2, 3: remount()
        case 4: evaluate(random.below(views.count), cause: nil, reason: "initial")
        default: update()
        }
    }

    /// A root write (sometimes passed on as a second, derived write), its owner's invalidation
    /// and evaluation, and its children's; now and then a write caused by an earlier transaction's.
    private mutating func update() {
        let owner = random.below(views.count)
        let path = views[owner].path
        let prop = random.pick(["offset", "selection", "query", "model"])
        let wrapper = random.pick(["State", "State", "ViewStorage", "Published", "Observable"])
        let site = "\(path.split(separator: "/").last!).swift:\(1 + random.below(random.below(8) == 0 ? 3 : 1))"
        // NB: rare, so that most splits are merged rather than read again in one pass.
        let earlier = random.below(400) == 0 && seq > 10 ? #","cause":\#(seq - 5 - random.below(5))"# : ""
        var root = emit(#""kind":"write","view":"\#(path)","prop":"\#(prop)","wrapper":"\#(wrapper)","changed":\#(random.below(6) > 0)\#(values()),"site":"\#(site)"\#(earlier)"#)
        if random.below(4) == 0 {
            root = emit(#""kind":"write","view":"\#(path)","prop":"derived","wrapper":"State","changed":true\#(values()),"site":"D.swift:1","cause":\#(root)"#)
        }
        guard random.below(8) > 0 else { return }
        let invalidation = emit(#""kind":"invalidate","view":"\#(path)","cause":\#(root)"#)
        evaluate(owner, cause: invalidation, reason: wrapper == "Published" ? "observed" : "state")
    }

    /// The values of the next write, chosen by the `seq` before it; nothing when the trace records none.
    private func values() -> String {
        guard recordsValues else { return "" }
        switch seq % 13 {
        case 0: return #","values":"redacted""#
        case 1: return #","values":"unavailable""#
        default:
            let texts = ["0", "1", #"caf\u00e9 \"q\""#, String(repeating: "y", count: 61) + "…", "", "1"]
            return #","old":"\#(texts[seq % texts.count])","new":"\#(texts[(seq / 7) % texts.count])""#
        }
    }

    /// A view's evaluation caused by `cause`, and its children's evaluations or skips.
    private mutating func evaluate(_ view: Int, cause: Int?, reason: String) {
        var fields = #""kind":"body-eval","view":"\#(views[view].path)","reason":"\#(reason)""#
        if let cause { fields += #","cause":\#(cause)"# }
        switch random.below(100) {
        case 0: fields += #","dur":\#(Int64.max)"#
        case 1: fields += #","dur":\#(Int64.max - Int64(random.below(1_000)))"#
        case 2: fields += #","dur":\#(Int64(1) << 62 + Int64(random.below(1_000)))"#
        case 3..<10: break
        case 10..<15: fields += #","dur":0"#
        default: fields += #","dur":\#(random.below(10_000))"#
        }
        if random.below(5) > 0 { fields += #","changed":\#(random.pick([0, 0, 1, 2, 3]))"# }
        if random.below(3) > 0 {
            fields += #","built":\#(random.pick([1, 3, 6, 7, 10])),"extract":\#(random.pick([0, 1, 1, 3, 6, 7, 10]))"#
        }
        let evaluation = emit(fields)
        for child in views[view].children where random.below(3) > 0 {
            if random.below(3) > 0 {
                evaluate(child, cause: evaluation, reason: "inputs-changed")
            } else {
                emit(#""kind":"skip","view":"\#(views[child].path)","cause":\#(evaluation),"reason":"inputs-equal""#)
            }
        }
    }

    /// A child view unmounted and mounted again, its owned state made anew; or an object made
    /// in its parent's body, forcing the child's evaluation.
    private mutating func remount() {
        guard let parent = views.indices.filter({ !views[$0].children.isEmpty }).randomElement(using: &random) else { return }
        let child = random.pick(views[parent].children)
        let path = views[child].path
        if random.below(2) == 0 {
            emit(#""kind":"unmount","view":"\#(path)""#)
            let mount = emit(#""kind":"mount","view":"\#(path)""#)
            emit(#""kind":"state-init","view":"\#(path)","prop":"item","wrapper":"State","site":"Row.swift:3","cause":\#(mount)"#)
        } else {
            let body = emit(#""kind":"body-eval","view":"\#(views[parent].path)","reason":"inputs-changed","dur":\#(random.below(900)),"changed":1"#)
            emit(#""kind":"state-init","view":"\#(path)","prop":"model","wrapper":"ObservedObject","site":"Row.swift:4","cause":\#(body)"#)
            evaluate(child, cause: body, reason: "inputs-changed")
        }
    }
}
