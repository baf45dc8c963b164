package token

import "github.com/alecthomas/participle/v2/lexer"

// The regular-expression lexers of the tool families that lexfam.go
// replaced, kept as the reference they are checked against.

// refPerfStatLexer is PerfStatLexer as regular expressions.
var refPerfStatLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "NotCounted", Pattern: `<not (?:counted|supported)>`},
	{Name: "PlusMinus", Pattern: `\+-|±`},
	{Name: "Pct", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?\s*%`},
	{Name: "Number", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+)?`},
	{Name: "Hash", Pattern: `#`},
	{Name: "Paren", Pattern: `[()]`},
	{Name: "Name", Pattern: `[A-Za-z_/][^\s#()]*`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// refLkpLexer is LKPLexer as regular expressions.
var refLkpLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Stddev", Pattern: `±\s*\d+(?:\.\d+)?%`},
	{Name: "Change", Pattern: `[-+](?:\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|Inf)%?`},
	{Name: "Value", Pattern: `\d+(?:\.\d+)?(?:[eE][-+]?\d+)?`},
	{Name: "Space", Pattern: `\s+`},
	{Name: "Metric", Pattern: `\S+`},
})

// refFioLexer is FioLexer as regular expressions.
var refFioLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Number", Pattern: `\d+(?:\.\d+)?`},
	{Name: "Word", Pattern: `[A-Za-z_][A-Za-z_0-9]*(?:/[A-Za-z]+)?`},
	{Name: "Punct", Pattern: `[=,()\[\]|%/;-]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})

// refPerfBenchLexer is PerfBenchLexer as regular expressions.
var refPerfBenchLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Number", Pattern: `[-+]?\d+(?:,\d{3})*(?:\.\d+)?`},
	{Name: "Rate", Pattern: `(?i)(?:usecs|nsecs|msecs|secs|ops)/(?:op|sec|s)\b`},
	{Name: "Word", Pattern: `[A-Za-z]+`},
	{Name: "Punct", Pattern: `[:\[\]]`},
	{Name: "Space", Pattern: `[ \t]+`},
	{Name: "Other", Pattern: `.`},
})
