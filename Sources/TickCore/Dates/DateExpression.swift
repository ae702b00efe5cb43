/// The dates a user may type: `2026-12-01`, `today`, `tomorrow`, a weekday (`fri`, `friday`:
/// the next one after today; `this fri`: this week's; `next fri`: next week's), `+3d`, `+2w`,
/// `+1m`, `in 3 days`, `in a week`, `next week` (next Monday), `next month` (its first day),
/// `eow` or `end of week` (this week's Sunday), `eom` or `end of month` (the month's last day),
/// `end of year`, a day of a month (`dec 5`, `5th december`, `dec 5 2027`: the next one on or
/// after today unless the year is given), and a day of whatever month comes first (`20th`, `the
/// 1st`: the next month that has it, this one if the day is today or later). A bare number is
/// no date: `tick due 3 20` would read a second task's number as one. Words may be joined by
/// spaces, commas or hyphens (`next-week`, `in-3-days`, `dec-15`); a command that sets a date reads it led by `on`
/// or `by` too (`parse(said:)`). tick always writes the result as an ISO date.
package enum DateExpression {
    /// The weekdays as dates name them, lower case, Monday first.
    package static let weekdays = CivilDate.weekdayNames.map { $0.lowercased() }
    static let months = CivilDate.monthNames.map { $0.lowercased() }

    /// What a mistyped date was probably meant as (`tomorow`, `firday`; `a week` for `in a
    /// week`), for a message.
    package static func suggestion(for text: String) -> String? {
        // (Whether a phrase reads does not depend on the day it is read.)
        if parse("in " + text, today: CivilDate(year: 2026, month: 1, day: 1)!) != nil { return "in " + text }
        // A bare number is no date (it reads as a task's): its day of the month is.
        // A bare number (`20`) or a mistyped ordinal (`2th`): its day of the month.
        if let day = day(text.loosenedOrdinal, ordinal: false) { return "the \(day)\(ordinalEnding(day))" }
        return Suggestion.nearest(to: text.lowercased(), among: ["today", "tomorrow", "yesterday"] + weekdays)
    }

    /// Why `text`, written as a date, names no day (`November has 30 days`, `February 2027
    /// has 28 days`, `there is no month 13`); nil when it is no such thing, or a day.
    package static func noDay(_ text: String) -> String? {
        let lowered = text.lowercased()
        if let reason = CivilDate.noDay(isoBytes: Array(lowered.utf8)[...]) { return reason }
        let words = lowered.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "-" }).map(String.init)
        guard let written = dayOfMonth(words, said: true) else { return nil }
        // `may 2027`: a year where the day goes.
        if written.year == nil, written.day >= 1000 {
            return "\(CivilDate.monthNames[written.month - 1]) \(written.day) is a month; give its day, as in \(written.monthWord) 5 \(written.day)"
        }
        guard written.year.map({ $0 >= 1000 }) ?? true else { return nil }
        return CivilDate.noDay(written.day, month: written.month, year: written.year)
    }

    /// Whether `text` names a weekday (`fri`, `Friday`), which `parse` reads as the next one.
    package static func isWeekday(_ text: String) -> Bool {
        let word = text.lowercased()
        return word.count >= 3 && weekdays.contains { $0.hasPrefix(word) }
    }

    /// A date as a command that sets one takes it: `parse`'s, also led by `on` or `by` (`tick
    /// due 5 on friday`), which a filter does not read (`due by friday` would be read as on it,
    /// where a person means on or before it).
    package static func parse(said text: String, today: CivilDate) -> CivilDate? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("on ") || lowered.hasPrefix("by ") { return parse(String(text.dropFirst(3)), today: today) }
        return parse(text, today: today)
    }

    package static func parse(_ text: String, today: CivilDate) -> CivilDate? {
        let lowered = text.lowercased()
        if let date = CivilDate(iso: lowered) { return date }
        // A phrase: words joined by spaces, or by hyphens between letters and digits in a
        // phrase of words (`in-3-days`, `jan-5-2030`; not the sign of `-3d` or `in -3 days`,
        // nor the hyphens of numbers alone, `12-15`).
        var joined = Array(lowered)
        let hasWords = joined.contains { $0.isLetter }
        for index in joined.indices.dropFirst().dropLast() where hasWords && (joined[index] == "-" || joined[index] == "_") {
            let (before, after) = (joined[index - 1], joined[index + 1])
            if (before.isLetter || before.isNumber) && (after.isLetter || after.isNumber) { joined[index] = " " }
        }
        // (A comma is a space: `jan 2, 2027`.)
        let words = joined.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," }).map { String($0) }
        if words.count > 1 || (words.count == 1 && !lowered.hasPrefix("-") && words[0] != lowered) {
            return phrase(words, today: today)
        }
        return single(lowered, today: today)
    }

    /// One word: `today`, a weekday, `+3d`, `eom`, ...
    private static func single(_ word: String, today: CivilDate) -> CivilDate? {
        switch word {
        case "today": return today
        case "tomorrow": return today.adding(days: 1)
        case "yesterday": return today.adding(days: -1)
        case "eow": return today.adding(days: 7 - today.isoWeekday)
        case "eom": return CivilDate(year: today.year, month: today.month,
                                     day: CivilDate.daysIn(month: today.month, year: today.year))
        default: break
        }
        if let day = day(word, ordinal: true) { return nextDay(day, from: today) }
        if word.count >= 3, let index = weekdays.firstIndex(where: { $0.hasPrefix(word) }) {
            let target = index + 1
            let ahead = (target - today.isoWeekday + 7) % 7
            return today.adding(days: ahead == 0 ? 7 : ahead)
        }
        guard word.count >= 3, word.first == "+" || word.first == "-", let unit = word.last,
              let amount = Int(word.dropFirst().dropLast()), amount <= 1_000_000 else { return nil }
        return offset(word.first == "-" ? -amount : amount, unit: unit, from: today)
    }

    /// `today` moved by `amount` of a unit: `d`ays, `w`eeks, `m`onths or `y`ears.
    private static func offset(_ amount: Int, unit: Character, from today: CivilDate) -> CivilDate? {
        switch unit {
        case "d": return today.adding(days: amount)
        case "w": return today.adding(days: amount * 7)
        case "m": return today.adding(months: amount)
        case "y": return today.adding(months: amount * 12)
        default: return nil
        }
    }

    /// A phrase of several words: `next week`, `in 3 days`, `end of month`, `dec 5`, `5 dec 2027`,
    /// `next fri`, `this friday`.
    private static func phrase(_ words: [String], today: CivilDate) -> CivilDate? {
        switch words {
        case ["next", "week"]: return today.adding(days: 8 - today.isoWeekday)
        case ["next", "month"]:
            let month = today.month == 12 ? 1 : today.month + 1
            return CivilDate(year: today.year + (today.month == 12 ? 1 : 0), month: month, day: 1)
        case ["next", "year"]: return CivilDate(year: today.year + 1, month: 1, day: 1)
        case ["end", "of", "week"]: return single("eow", today: today)
        case ["end", "of", "month"]: return single("eom", today: today)
        case ["end", "of", "year"]: return CivilDate(year: today.year, month: 12, day: 31)
        default: break
        }
        // Weeks start on Monday. `this fri`: this week's, or the next one once it is past;
        // `next fri`: next week's (the week `next week` starts).
        if words.count == 2, words[0] == "next" || words[0] == "this", isWeekday(words[1]),
           let index = weekdays.firstIndex(where: { $0.hasPrefix(words[1]) }),
           let thisWeeks = today.adding(days: index + 1 - today.isoWeekday) {
            if words[0] == "next" { return thisWeeks.adding(days: 7) }
            return thisWeeks >= today ? thisWeeks : single(words[1], today: today)
        }
        // `in 3 days`, `in a week`, `in two months`.
        if words.count == 3, words[0] == "in", let amount = DateShift.amount(words[1]), amount <= 100_000 {
            let unit = words[2].hasSuffix("s") ? String(words[2].dropLast()) : words[2]
            guard ["day", "week", "month", "year"].contains(unit) else { return nil }
            return offset(amount, unit: unit.first!, from: today)
        }
        if words.count == 2, words[0] == "the", let day = day(words[1], ordinal: true) { return nextDay(day, from: today) }
        // A day of a month, either way round (`dec 5`, `5th of december`, `the 5th dec`), with a
        // year or not.
        guard let written = dayOfMonth(words, said: false), (1...31).contains(written.day) else { return nil }
        if let year = written.year {
            // Four digits, as ISO dates have it: `2 dec 5` is no date (a run of line numbers
            // before `dec 5` is not read into year 5).
            guard year >= 1000 else { return nil }
            return CivilDate(year: year, month: written.month, day: written.day)
        }
        // The next one: this year's, else the next year that has it (February 29th).
        for year in today.year...(today.year + 8) {
            if let date = CivilDate(year: year, month: written.month, day: written.day), today.days(until: date) >= 0 { return date }
        }
        return nil
    }

    /// Words written as a day of a month: a day (`5`, `5th`) and a month (`dec`, `December`)
    /// either way round, `of` between them, `the` before the day, and a year of four digits
    /// after them; with `said`, led by `on` or `by` too. The month, the day as written (any
    /// number), the month's word and the year; nil for other words. What `phrase` reads, and
    /// what `isDayOfMonth` and `noDay` name when it is no day.
    private static func dayOfMonth(_ words: [String], said: Bool) -> (month: Int, day: Int, monthWord: String, year: Int?)? {
        var words = words
        if said, let first = words.first, first == "on" || first == "by" { words.removeFirst() }
        if words.first == "the" { words.removeFirst() }
        if words.count >= 3, words[1] == "of", month(words[0]) == nil { words.remove(at: 1) }
        guard words.count == 2 || words.count == 3 else { return nil }
        let monthFirst = month(words[0]) != nil
        let dayWord = words[monthFirst ? 1 : 0], monthWord = words[monthFirst ? 0 : 1]
        guard let month = month(monthWord), dayWord.allSatisfy(\.isASCII), let day = Int(dayWord.trimmingOrdinal) else { return nil }
        guard words.count == 3 else { return (month, day, monthWord, nil) }
        guard words[2].count == 4, words[2].allSatisfy({ $0.isASCII && $0.isNumber }), let year = Int(words[2]) else { return nil }
        return (month, day, monthWord, year)
    }

    /// Whether `words` are written as a day of a month (`feb 30`, `31 nov`, `dec 5 2026`,
    /// `on the 31st of nov`), whether or not that day exists: what a command names when it
    /// cannot read them.
    package static func isDayOfMonth(_ words: [String]) -> Bool {
        dayOfMonth(words.map { $0.lowercased() }, said: true) != nil
    }

    /// The ending of day `day`'s ordinal: `st` (1st, 21st), `nd`, `rd`, else `th` (11th–13th).
    static func ordinalEnding(_ day: Int) -> String {
        (11...13).contains(day % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][day % 10] ?? "th"
    }

    /// A day of a month as a date writes it, 1–31: `5`, or `5th`, `1st`, `22nd`, `3rd` (an
    /// ordinal alone when `ordinal`).
    private static func day(_ word: String, ordinal: Bool) -> Int? {
        let number = word.trimmingOrdinal
        guard !ordinal || number.count < word.count, number.count <= 2, number.allSatisfy(\.isASCII), let day = Int(number),
              (1...31).contains(day) else { return nil }
        return day
    }

    /// The next date on day `day` of a month: this month's when it is today or later, else
    /// that of the first month after that has it (the 31st skips a 30-day month).
    private static func nextDay(_ day: Int, from today: CivilDate) -> CivilDate? {
        var (year, month) = (today.year, today.month)
        for _ in 0..<13 {
            if let date = CivilDate(year: year, month: month, day: day), today.days(until: date) >= 0 { return date }
            (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
        }
        return nil
    }

    /// The month a word names (`dec`, `December`; three letters at least), 1–12.
    private static func month(_ word: String) -> Int? {
        guard word.count >= 3, let index = months.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
        return index + 1
    }
}

private extension String {
    /// The word without an ordinal's ending (`5th` → `5`, `1st` → `1`); the word itself else,
    /// and when the ending is not the number's (`2th`, `11st`: a typo is no date).
    var trimmingOrdinal: String {
        let number = loosenedOrdinal
        guard number.count < count, let value = Int(number) else { return self }
        return hasSuffix(DateExpression.ordinalEnding(value)) ? number : self
    }

    /// The word without any ordinal ending after its digits (`2th` → `2`).
    var loosenedOrdinal: String {
        for suffix in ["st", "nd", "rd", "th"] where count > 2 && hasSuffix(suffix) && dropLast(2).allSatisfy(\.isNumber) {
            return String(dropLast(2))
        }
        return self
    }
}
