package token

import "github.com/alecthomas/participle/v2/lexer"

// The regular-expression lexers that the hand-written ones of lexdef.go
// replaced, kept as the reference they are checked against.

// refCellLexer is CellLexer as regular expressions.
var refCellLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Sci", Pattern: `[-+]?\d+(?:\.\d+)?[eE][-+]?\d+`},
	{Name: "Word", Pattern: `[^\s()\[\]:%*^|±]*[A-Za-z_#][^\s()\[\]:%*^|±]*`},
	{Name: "Num", Pattern: `[-+\x{2212}]?(?:\d+(?:,\d{3})*(?:[.,]\d+)?|\.\d+)`},
	{Name: "Punct", Pattern: `[()\[\]:%*^|±]`},
	{Name: "Space", Pattern: `\s+`},
	{Name: "Other", Pattern: `[^\s()\[\]:%*^|±A-Za-z_#0-9]+|.`},
})

// refWordLexer is WordLexer as regular expressions.
var refWordLexer = lexer.MustSimple([]lexer.SimpleRule{
	{Name: "Key", Pattern: `[^\s:]+:`},
	{Name: "Name", Pattern: `\S+`},
	{Name: "Space", Pattern: `\s+`},
})
