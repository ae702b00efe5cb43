/// Day arithmetic on the proleptic Gregorian calendar, by way of a day count since 1970-01-01.
/// The conversion is Howard Hinnant's `days_from_civil`, which is exact for every year tick accepts.
extension CivilDate {
    /// Days since 1970-01-01 (negative before it).
    package var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` days after 1970-01-01. Nil outside years 1...9999.
    package init?(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.init(year: year, month: month, day: day)
    }

    /// 1 = Monday ... 7 = Sunday (ISO 8601).
    package var isoWeekday: Int {
        let days = daysSinceEpoch
        // 1970-01-01 was a Thursday (4).
        return ((days % 7 + 7) % 7 + 3) % 7 + 1
    }

    /// nil past the years tick handles (an offset too large is not a date, never a crash).
    public func adding(days: Int) -> CivilDate? {
        guard days >= -4_000_000, days <= 4_000_000 else { return nil }
        return CivilDate(daysSinceEpoch: daysSinceEpoch + days)
    }

    /// Adds calendar months, clamping the day to the target month's length (Jan 31 + 1 month = Feb 28/29).
    public func adding(months: Int) -> CivilDate? {
        guard months >= -120_000, months <= 120_000 else { return nil }
        let index = year * 12 + (month - 1) + months
        let newYear = index / 12
        let newMonth = index % 12 + 1
        let newDay = min(day, CivilDate.daysIn(month: newMonth, year: newYear))
        return CivilDate(year: newYear, month: newMonth, day: newDay)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(until other: CivilDate) -> Int {
        other.daysSinceEpoch - daysSinceEpoch
    }
}
