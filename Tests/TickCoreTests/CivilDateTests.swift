import Testing
@testable import TickCore

@Suite struct CivilDateTests {
    @Test func parsesAndValidates() {
        #expect(CivilDate(iso: "2026-11-22") == CivilDate(year: 2026, month: 11, day: 22))
        #expect(CivilDate(iso: "2024-02-29") != nil)
        for bad in ["2026-02-29", "2026-13-01", "2026-00-10", "2026-1-01", "26-11-22", "2026-11-22x", "abcd-ef-gh", ""] {
            #expect(CivilDate(iso: bad) == nil, "\(bad) is not a date")
        }
    }

    @Test func epochRoundTripsEveryDayForFourCenturies() {
        let start = CivilDate(year: 1900, month: 1, day: 1)!.daysSinceEpoch
        var previous: CivilDate?
        for day in start..<(start + 146_097) {
            let date = CivilDate(daysSinceEpoch: day)!
            #expect(date.daysSinceEpoch == day)
            if let previous { #expect(previous < date) }
            previous = date
        }
    }

    @Test func weekdaysAndArithmetic() {
        let date = CivilDate(year: 2026, month: 11, day: 22)!
        #expect(date.isoWeekday == 7)  // a Sunday
        #expect(date.adding(days: 10) == CivilDate(year: 2026, month: 12, day: 2))
        #expect(CivilDate(year: 2026, month: 1, day: 31)!.adding(months: 1) == CivilDate(year: 2026, month: 2, day: 28))
        #expect(date.days(until: CivilDate(year: 2027, month: 1, day: 1)!) == 40)
        #expect(DueState(due: CivilDate(year: 2026, month: 11, day: 20)!, today: date).description == "2 days overdue")
        #expect(DueState(due: date, today: date).description == "today")
        #expect(DueState(due: date.adding(days: 1)!, today: date).description == "tomorrow")
    }
}
