/// Matches the items of a comparison's two sides by key, in the order a reader meets them: the
/// base's in their order, then the variant's that the base lacks, in theirs.
///
/// NB: each side comes in the order its trace first shows its items (`firstAppearance`), so that
/// rows and edges of equal figures keep that order wherever they are ranked.
func matchedSides<Item, Key: Hashable>(
    base: [Item], variant: [Item], key: (Item) -> Key
) -> [(key: Key, base: Item?, variant: Item?)] {
    var order: [Key] = []
    var sides: [Key: (base: Item?, variant: Item?)] = [:]
    for item in base {
        order.append(key(item))
        sides[key(item)] = (item, nil)
    }
    for item in variant {
        if sides[key(item)] == nil { order.append(key(item)) }
        sides[key(item), default: (nil, nil)].variant = item
    }
    return order.map { ($0, sides[$0]!.base, sides[$0]!.variant) }
}
