import Foundation

extension LoosePageScan {
    /// The values of a table's rows that sit on damaged overflow pages SQLite reads without an error, by row id:
    /// their positions in the record (the table's columns in the store's order).
    ///
    /// In a store with a pointer map (`auto_vacuum`, as Core Data's stores often are), SQLite finds each next
    /// page of an overflow chain by the map, not by the page's own pointer, and never reads the last page's
    /// pointer at all: a zeroed or overwritten page of the chain reads as the bytes it now holds, with no error,
    /// and salvage would write them as the object's value. So each chain is checked as SQLite wrote it: every
    /// page but the last points at the next one (which the map, when there is one, confirms), the last points
    /// at none, and no part of a text value lies on a page that is wholly zero (SQLite writes a text value's
    /// bytes as they are; a page of nothing but zeros is one the damage zeroed). A value with bytes on a page
    /// failing a check is damaged.
    /// - Parameter root: The table B-tree's root page.
    /// - Returns: The positions of the damaged values, by row id; empty when no chain is damaged.
    func damagedOverflowValues(root: Int) -> [Int64: [Int]] {
        let header = Self.read(file, page: 1, size: pageSize) ?? []
        // A non-zero "largest root page" field (offset 52) means the file keeps pointer-map pages.
        let mapped = header.count >= 56 && Self.integer(header, at: 52) != 0
        var damaged: [Int64: [Int]] = [:]
        for number in leafPages(under: root).sorted() {
            guard let page = Self.read(file, page: number, size: pageSize) else { continue }
            Self.cells(of: page, number: number) { _, page, offset in
                guard let cell = TableLeafCell(page, at: offset, pageSize: pageSize, limit: pageSize), cell.end <= pageSize,
                    cell.localSize < cell.payloadSize,
                    let values = Self.valueRanges(Array(page[cell.payloadStart..<cell.payloadStart + cell.localSize]))
                else { return }
                let bad = badParts(cell: cell, first: Self.integer(page, at: cell.payloadStart + cell.localSize), mapped: mapped)
                {
                    part in values.contains { $0.text && $0.range.overlaps(part) }
                }
                let lost = values.indices.filter { index in bad.contains { values[index].range.overlaps($0) } }
                if !lost.isEmpty { damaged[cell.id] = lost }
            }
        }
        return damaged
    }

    /// The payload ranges of the chain starting at page `first` that sit on damaged pages; `holdsText` tells
    /// whether a range holds part of a text value.
    private func badParts(cell: TableLeafCell, first: Int, mapped: Bool, holdsText: (Range<Int>) -> Bool) -> [Range<Int>] {
        let step = pageSize - 4
        let count = (cell.payloadSize - cell.localSize + step - 1) / step
        var bad: [Range<Int>] = []
        var current = first
        for index in 0..<count {
            let start = cell.localSize + index * step
            let part = start..<min(cell.payloadSize, start + step)
            guard current > 1, current <= pageCount, let page = Self.read(file, page: current, size: pageSize) else {
                // The chain leaves the file: the rest is lost (SQLite reports it too).
                return bad + [start..<cell.payloadSize]
            }
            let own = Self.integer(page, at: 0)
            let last = index == count - 1
            let next = mapped && !last ? mappedNext(after: current) ?? own : own
            let zeroed = page[4..<4 + part.count].allSatisfy { $0 == 0 } && holdsText(part)
            if zeroed || (last ? own != 0 : own != next || own == 0) {
                bad.append(part)
                // Without a map SQLite follows the page's own pointer: what follows it is not this chain.
                if !mapped && !last { return bad + [part.upperBound..<cell.payloadSize] }
            }
            current = next
        }
        return bad
    }

    /// The page SQLite takes as the next of the chain after `page` by the pointer map (the one after it, when
    /// the map names it the next overflow page of `page`), as its `getOverflowPage` does; nil when it does not.
    private func mappedNext(after page: Int) -> Int? {
        let perMap = pageSize / 5 + 1
        func mapPage(of number: Int) -> Int { (number - 2) / perMap * perMap + 2 }
        var guess = page + 1
        if mapPage(of: guess) == guess { guess += 1 }
        let map = mapPage(of: guess)
        guard guess <= pageCount, let entries = Self.read(file, page: map, size: pageSize) else { return nil }
        let offset = 5 * (guess - map - 1)
        guard offset >= 0, offset + 5 <= entries.count else { return nil }
        // Type 4: an overflow page after the first, its parent the page before it in the chain.
        return entries[offset] == 4 && Self.integer(entries, at: offset + 1) == page ? guess : nil
    }

    /// Each value's byte range in the payload, and whether it is text, from the record's header on the leaf
    /// page; nil when the header is not all there.
    private static func valueRanges(_ local: [UInt8]) -> [(range: Range<Int>, text: Bool)]? {
        guard let (headerSize, first) = SQLiteRecord.varint(local, at: 0, end: local.count), headerSize >= 1,
            headerSize <= local.count
        else { return nil }
        var ranges: [(range: Range<Int>, text: Bool)] = []
        var offset = first
        var position = Int(headerSize)
        while offset < Int(headerSize) {
            guard let (type, length) = SQLiteRecord.varint(local, at: offset, end: Int(headerSize)), type >= 0 else {
                return nil
            }
            let size = SQLiteRecord.size(of: type)
            ranges.append((position..<position + size, type >= 13 && type % 2 == 1))
            position += size
            offset += length
        }
        return ranges
    }
}
