package store

import (
	"strings"
	"time"
)

// Dialect is what the SQL of two stores differs in where they build the
// same query: the case-insensitive LIKE, how a pattern names its escape
// character, placeholders, and how dates are stored.
type Dialect struct {
	// Like is the case-insensitive pattern operator ("LIKE" in SQLite,
	// "ILIKE" in PostgreSQL).
	Like string
	// Escape follows a ContainsPattern placeholder (SQLite needs
	// ` ESCAPE '\'`; PostgreSQL's default escape is the backslash).
	Escape string
	// Placeholder writes the n-th (1-based) argument's placeholder.
	Placeholder func(n int) string
	// Time converts a date filter to the stored form.
	Time func(time.Time) any
}

// Filters renders the filters of q as a WHERE clause over tables t,
// messages m and series se, with its arguments; "" selects everything.
// Text filters match case-insensitively; series and author match as
// literal substrings (ContainsPattern).
func Filters(q Query, d Dialect) (string, []any) {
	var where []string
	var args []any
	// add writes cond with each "?" replaced by the dialect's placeholder
	add := func(cond string, a ...any) {
		for _, v := range a {
			args = append(args, v)
			cond = strings.Replace(cond, "?", d.Placeholder(len(args)), 1)
		}
		where = append(where, cond)
	}
	like := " " + d.Like + " "
	if q.Benchmark != "" {
		add("t.benchmark"+like+"?", q.Benchmark)
	}
	if q.Series != "" {
		add("se.title"+like+"?"+d.Escape, ContainsPattern(q.Series))
	}
	if q.Author != "" {
		a := ContainsPattern(q.Author)
		add("(t.author"+like+"?"+d.Escape+" OR m.from_email"+like+"?"+d.Escape+")", a, a)
	}
	if q.MessageID != "" {
		add("t.message_id = ?", strings.Trim(strings.TrimSpace(q.MessageID), "<>"))
	}
	if !q.Since.IsZero() {
		add("m.date >= ?", d.Time(q.Since))
	}
	if !q.Until.IsZero() {
		add("m.date < ?", d.Time(q.Until))
	}
	if len(where) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(where, " AND "), args
}
