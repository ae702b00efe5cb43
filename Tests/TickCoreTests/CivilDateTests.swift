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

/// Dates typed as people say them, on Saturday 2026-11-28.
@Suite struct DatePhraseTests {
    static let today = CivilDate(year: 2026, month: 11, day: 28)!

    @Test(arguments: [
        ("next week", "2026-11-30"), ("Next-Week", "2026-11-30"), ("next month", "2026-12-01"), ("next year", "2027-01-01"),
        ("in 3 days", "2026-12-01"), ("in a week", "2026-12-05"), ("in 2 weeks", "2026-12-12"), ("in 1 month", "2026-12-28"),
        ("in an year", "2027-11-28"), ("next fri", "2026-12-04"), ("this saturday", "2026-11-28"), ("this fri", "2026-12-04"),
        ("next sat", "2026-12-05"), ("next sunday", "2026-12-06"), ("end of week", "2026-11-29"),
        ("end of month", "2026-11-30"), ("end-of-year", "2026-12-31"), ("dec 5", "2026-12-05"), ("5 December", "2026-12-05"),
        ("nov 28", "2026-11-28"), ("nov 27", "2027-11-27"), ("feb 29", "2028-02-29"), ("jan 5 2030", "2030-01-05"),
        ("-3d", "2026-11-25"), ("+1w", "2026-12-05"), ("2026-12-24", "2026-12-24"),
        // A day of the coming month that has it: this month's when it is still to come.
        ("28th", "2026-11-28"), ("the 30th", "2026-11-30"), ("1st", "2026-12-01"), ("the 2nd", "2026-12-02"), ("31st", "2026-12-31"),
        ("dec 5th", "2026-12-05"), ("5th of December", "2026-12-05"), ("the 22nd of feb 2027", "2027-02-22"), ("23rd-dec", "2026-12-23"),
        // With commas, and `the` before a day of a month.
        ("jan 2, 2027", "2027-01-02"), ("the 5th december", "2026-12-05"),
        // Counts in words, and hyphens between words and numbers (a field's date is one word).
        ("in two weeks", "2026-12-12"), ("in twelve days", "2026-12-10"), ("in-3-days", "2026-12-01"), ("dec-15", "2026-12-15"),
        ("15-dec", "2026-12-15"), ("in-two-weeks", "2026-12-12"), ("jan-5-2030", "2030-01-05"),
    ])
    func phrasesReadAsDates(_ text: String, _ expected: String) {
        #expect(DateExpression.parse(text, today: Self.today).map(String.init(describing:)) == expected, "\(text)")
    }

    /// Midweek (Tuesday 2026-12-01), `fri` and `this fri` are this week's Friday, `next fri`
    /// the one of next week.
    @Test(arguments: [("fri", "2026-12-04"), ("this fri", "2026-12-04"), ("next fri", "2026-12-11"), ("next tue", "2026-12-08"),
                      ("this tue", "2026-12-01"), ("tue", "2026-12-08"), ("this mon", "2026-12-07"), ("next mon", "2026-12-07")])
    func weekdaysReadByWeek(_ text: String, _ expected: String) {
        let tuesday = CivilDate(year: 2026, month: 12, day: 1)!
        #expect(DateExpression.parse(text, today: tuesday).map(String.init(describing:)) == expected, "\(text)")
    }

    @Test(arguments: ["dec 32", "in -3 days", "in 3 fortnights", "next decade", "ma 5", "5", "in days", "2026-13-01", "next", "jan 5 0",
                      // A year has four digits: `2 dec 5` read as year 5 took a line number for a day.
                      "2 dec 5", "dec 5 5", "1 jan 1", "jan 5 999", "jan 5 02026", "jan 5 ２０２６",
                      // A hyphen between digits joins no words; a sign is no hyphen.
                      "12-15", "in-thirteen-days", "in--3-days",
                      // A bare number is a task's; an ordinal is a day of 1-31.
                      "20", "32nd", "0th", "th", "the", "of dec", "5th of", "the 5th of next week"])
    func nonsenseIsNoDate(_ text: String) {
        #expect(DateExpression.parse(text, today: Self.today) == nil, "\(text)")
    }

    /// A command that sets a date reads it led by `on` or `by`; a filter does not (`due by
    /// friday` means on or before it).
    @Test func aDateSaidWithOnOrBy() {
        for (text, expected) in [("on the 30th", "2026-11-30"), ("by friday", "2026-12-04"), ("on dec 5", "2026-12-05"), ("on 2026-12-05", "2026-12-05"),
                                 ("by +3d", "2026-12-01")] {
            #expect(DateExpression.parse(said: text, today: Self.today).map(String.init(describing:)) == expected, "\(text)")
            #expect(DateExpression.parse(text, today: Self.today) == nil, "\(text)")
        }
    }

    /// What a message suggests for a phrase that is no date.
    @Test func aNearMissIsNamed() {
        #expect(DateExpression.suggestion(for: "a week") == "in a week")
        #expect(DateExpression.suggestion(for: "3 days") == "in 3 days")
        #expect(DateExpression.suggestion(for: "21") == "the 21st")
        #expect(DateExpression.suggestion(for: "12") == "the 12th")
        #expect(DateExpression.suggestion(for: "tomorow") == "tomorrow")
        // An ordinal with another number's ending is a typo, no date: its day is suggested.
        for (typed, meant) in [("2th", "the 2nd"), ("11st", "the 11th"), ("23th", "the 23rd"), ("1nd", "the 1st")] {
            #expect(DateExpression.parse(typed, today: CivilDate(year: 2026, month: 11, day: 30)!) == nil)
            #expect(DateExpression.suggestion(for: typed) == meant)
        }
        for ordinal in ["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "23rd", "31st"] {
            #expect(DateExpression.parse(ordinal, today: CivilDate(year: 2026, month: 11, day: 30)!) != nil)
        }
    }

    /// Why a date that is no day is none.
    @Test func aDayThatIsNotIsExplained() {
        #expect(DateExpression.noDay("nov 31") == "November has 30 days")
        #expect(DateExpression.noDay("the 31st of November") == "November has 30 days")
        #expect(DateExpression.noDay("feb 30th") == "February has 28 days, 29 in a leap year")
        #expect(DateExpression.noDay("29 feb 2027") == "February 2027 has 28 days")
        #expect(DateExpression.noDay("2026-11-31") == "November 2026 has 30 days")
        #expect(DateExpression.noDay("feb 29") == nil && DateExpression.noDay("next week") == nil && DateExpression.noDay("dec 5") == nil)
        #expect(DateExpression.noDay("on nov 31") == "November has 30 days")
        #expect(DateExpression.noDay("may 2027") == "May 2027 is a month; give its day, as in may 5 2027")
        #expect(DateExpression.isDayOfMonth(["on", "nov", "31"]) && DateExpression.isDayOfMonth(["the", "5th", "december"]))
    }
}
