/// A calendar date with no time and no zone: what `due:2026-11-25` means.
///
/// tick never reads the clock in its core; "today" is always a `CivilDate` passed in.
public struct CivilDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// `year << 9 | month << 5 | day`: four bytes, ordered as the dates are, never 0.
    let packed: UInt32

    /// The date `packed` packs (a `packed` value of another date).
    init(packed: UInt32) { self.packed = packed }

    /// The weekdays' names, Monday first (`isoWeekday` 1 to 7).
    package static let weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
    package static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September",
                                     "October", "November", "December"]

    public var year: Int { Int(packed >> 9) }
    public var month: Int { Int((packed >> 5) & 0xF) }
    public var day: Int { Int(packed & 0x1F) }

    /// Nil when the fields do not name a real day (2026-02-30, month 13).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= CivilDate.daysIn(month: month, year: year) else { return nil }
        packed = UInt32(year) << 9 | UInt32(month) << 5 | UInt32(day)
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(iso text: some StringProtocol) {
        self.init(isoBytes: Array(text.utf8)[...])
    }

    /// Parses exactly `YYYY-MM-DD` from bytes.
    package init?(isoBytes bytes: ArraySlice<UInt8>) {
        guard let date = bytes.withUnsafeBufferPointer({ CivilDate(isoBuffer: $0) }) else { return nil }
        self = date
    }

    /// Parses exactly `YYYY-MM-DD` from bytes in place (no reference to an array held).
    init?(isoBuffer bytes: UnsafeBufferPointer<UInt8>) {
        guard bytes.count == 10 else { return nil }
        let base = bytes.startIndex
        guard bytes[base + 4] == 0x2D, bytes[base + 7] == 0x2D else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let digit = Int(bytes[base + i]) - 0x30
                guard digit >= 0, digit <= 9 else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// Why `YYYY-MM-DD` bytes name no day (`there is no month 13`, `February 2026 has 28
    /// days`); nil when they do, or are not of that shape.
    package static func noDay(isoBytes bytes: ArraySlice<UInt8>) -> String? {
        let text = String(decoding: bytes, as: UTF8.self)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard bytes.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), CivilDate(isoBytes: bytes) == nil else { return nil }
        guard (1...12).contains(month) else { return "there is no month \(month)" }
        return noDay(day, month: month, year: year)
    }

    /// Why day `day` of `month` (1–12) of `year` (nil: any year) is no day: `there is no day
    /// 0`, `November has 30 days`, `February 2027 has 28 days`; nil when it is one.
    package static func noDay(_ day: Int, month: Int, year: Int?) -> String? {
        let most = daysIn(month: month, year: year ?? 2028)
        guard day < 1 || day > most else { return nil }
        if day < 1 { return "there is no day \(day)" }
        guard let year else { return month == 2 ? "February has 28 days, 29 in a leap year" : "\(monthNames[month - 1]) has \(most) days" }
        return "\(monthNames[month - 1]) \(year) has \(most) days"
    }

    package static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public var description: String { String(decoding: isoBytes, as: UTF8.self) }

    /// `YYYY-MM-DD` as bytes (years are 1 to 9999), without a String in between.
    package var isoBytes: [UInt8] {
        [UInt8](unsafeUninitializedCapacity: 10) { buffer, count in
            writeISO(to: buffer.baseAddress!)
            count = 10
        }
    }

    /// Writes the ten bytes of `YYYY-MM-DD` at `pointer`: what output buffers call.
    func writeISO(to pointer: UnsafeMutablePointer<UInt8>) {
        let year = self.year, month = self.month, day = self.day
        pointer[0] = 0x30 + UInt8(year / 1000 % 10)
        pointer[1] = 0x30 + UInt8(year / 100 % 10)
        pointer[2] = 0x30 + UInt8(year / 10 % 10)
        pointer[3] = 0x30 + UInt8(year % 10)
        pointer[4] = 0x2D
        pointer[5] = 0x30 + UInt8(month / 10)
        pointer[6] = 0x30 + UInt8(month % 10)
        pointer[7] = 0x2D
        pointer[8] = 0x30 + UInt8(day / 10)
        pointer[9] = 0x30 + UInt8(day % 10)
    }

    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.packed < rhs.packed
    }
}
