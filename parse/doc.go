// Package parse finds benchmark-result tables in message bodies and reads
// them into model.Tables.
//
//	tables := parse.Tables(msg.Body)
//	for _, t := range tables {
//		fmt.Println(t.Format, t.Benchmark, t.Context, len(t.Rows))
//	}
//
// Reading goes through layers, each in its own files, so that a new table
// layout is a new combination of known pieces rather than a new reader:
//
//  0. Canonical text (package parse/internal/text): a body is cut into
//     segments of text of one quote depth and MIME part, and every line
//     is given as a person sees it (tabs expanded at the writer's stops,
//     Unicode spaces as blanks, trailing blanks and the indentation the
//     segment shares removed), with a byte map back to the decoded line.
//     No reader looks at the raw whitespace of the mail.
//     Candidates (scan.go, unwrap.go): a plain line scanner takes the
//     segments of same-depth text, cuts trailing row markers ("*",
//     "^") off lines, joins rows a mail client wrapped, and picks candidate
//     blocks: runs of lines holding number tokens or rules, with the few
//     lines above them that may be headers. Prose that only mentions
//     numbers never reaches a grammar.
//     Shell prompts (package parse/internal/shell): one recogniser tells
//     every reader whether a line is a command someone typed
//     ("root@box:~# cat /proc/meminfo", "[me@box tmp]$ ./run") and what
//     they typed.
//  1. Tokens (lex.go, lexdef.go, lexfam.go, lexcache.go, lexemes.go):
//     hand-written scanners, never regular expressions. lex.go gives each
//     line its column tokens with byte columns (numbers with their exact
//     text, magnitude suffixes, glued units, brackets, pipes, words), once
//     per block for every reader (Block.tokens); lexdef.go and lexfam.go
//     are the participle lexers of the cell and tool grammars, whose
//     pointer-free lexemes lexemes.go keeps once per line and lexer. The
//     grammars run through a shape memo (shapememo.go): whether a grammar
//     reads a line, and which token goes where, depends only on the token
//     types and the tokens that spell its literals, so each grammar parses
//     a shape once and reads every other line of that shape (a table's
//     rows, the lines it rejects) by filling the template with the line's
//     own tokens.
//  2. Layout (layout.go): cells from separators and blank gaps, value
//     columns from the rows, header lines stacked above them with each
//     fragment given to the columns it titles, sub-headings, row groups,
//     wrapped rows.
//  3. Interpretation (interpret.go): what a cell says ("4.25 (0.00 pct)",
//     "184, 171, 199", "( 0.40%, 0.00%)", "1m41s") and what a title says
//     ("baseline(std%)", "p99", "%Std.Dev.", "BW(MiB/s)").
//  4. Semantics (columnar.go, semantics.go, blocklabels.go, evidence.go):
//     orientation (kernels as rows, a variant column, cases across),
//     variants from label lines, labelled blocks merged into one
//     comparison by what tells them apart in the text above each (a label
//     line, a section label, an enumeration, a setting a command made),
//     listings that are no results, and system state pasted as evidence
//     (what a state command printed, monitor samples, dumps, settings,
//     worked-out figures).
//
// The columnar family (columnar.go) is the layout engine's reader. The
// families that remain each read a tool's own vocabulary (mmtests, LKP,
// AMD pct-imp-cv blocks, fio, perf stat, cyclictest, ...) or a bordered
// grid; they register themselves in init with Register, and where the
// tables of two families overlap, the one of better rank wins, then the
// larger table; once every number of a block lies in kept tables, the
// families of worse rank are not asked to read it. Headings above a table become its context and name its
// benchmark (context.go). The participle types stay inside this package.
package parse
