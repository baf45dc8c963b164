// Package parse finds benchmark-result tables in message bodies and reads
// them into model.Tables.
//
//	tables := parse.Tables(msg.Body)
//	for _, t := range tables {
//		fmt.Println(t.Format, t.Benchmark, t.Context, len(t.Rows))
//	}
//
// Reading goes through layers, each below the semantics and the families
// a package of its own, so that a new table layout is a new combination of
// known pieces rather than a new reader:
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
//     ("root@box:~# cat /proc/meminfo", "[me@box tmp]$ ./run",
//     "cyclictest -p 99 -D 5") and what they typed.
//  1. Tokens (package parse/internal/token): hand-written scanners, never
//     regular expressions. token.Line gives each line its column tokens
//     with byte columns (numbers with their exact text, magnitude
//     suffixes, glued units, brackets, pipes, words), once per block for
//     every reader (token.Cache, Block.tokens), and token.ReadNumber reads
//     a number as a block writes it. The package also holds the lexers of
//     the participle grammars (token.CellLexer, token.WordLexer and those
//     of perf stat, LKP, fio and perf bench).
//     Grammars (package parse/internal/grammar): the families' participle
//     grammars run through grammar.Parse and grammar.ParseLine, which lex
//     a line once per lexer and keep its pointer-free lexemes, and read it
//     through a shape memo: whether a grammar reads a line, and which token
//     goes where, depends only on the token types and the tokens that
//     spell its literals, so each grammar parses a shape once and reads
//     every other line of that shape (a table's rows, the lines it
//     rejects) by filling the template with the line's own tokens.
//  2. Interpretation (package parse/internal/cell): what a cell says
//     ("4.25 (0.00 pct)", "184, 171, 199", "( 0.40%, 0.00%)", "1m41s",
//     "6327.09(-7.20%)", the named parts of "IOPS=20.5k, BW=160MiB/s":
//     one cell grammar, cell.Parse, behind cell.Read and cell.Slot) and
//     what a title says
//     ("baseline(std%)", "p99", "%Std.Dev.", "BW(MiB/s)": cell.Title,
//     cell.SplitTitle), over the tokens of package token.
//  3. Layout (package parse/internal/layout): cells from separators and
//     blank gaps (layout.ReadLine, reading each value piece with package
//     cell), value columns from the rows, header lines stacked above them
//     with each fragment given to the columns it titles, sub-headings, row
//     groups, wrapped rows (layout.Lay, a Grid and a Body); which lines
//     are rules and which prose (layout.IsRule, layout.IsProse).
//  4. Semantics (columnar.go, semantics.go, blocklabels.go, evidence.go,
//     notmeasured.go, transcript.go): orientation (kernels as rows, a
//     variant column, cases across), variants from label lines, labelled
//     blocks merged into one comparison by what tells them apart in the
//     text above each (a label line, a section label, an enumeration, a
//     setting a command made), listings that are no results, shapes no
//     measurement has (hex dumps, switch lists, assembler, diagnostics,
//     configuration files), run records and tool lines that are steps of
//     a bug transcript or lines of a log, and system state pasted as
//     evidence (what a state command printed, monitor samples, dumps,
//     settings, worked-out figures). Every table dropped there says why
//     in --explain.
//
// The columnar family (columnar.go) is the layout engine's reader of
// grids. The named family (named.go) reads the results that are no grids:
// pasted tool output and measurement lines, every figure named by its key,
// its unit, a word after its unit or a spread, by the grammar of a
// named-number line (namedtok.go, namedline.go, namedunit.go); the legend
// family (legend.go) reads bare numbers whose columns a list above names.
// The families that remain each read a tool's own vocabulary (mmtests, LKP,
// AMD pct-imp-cv blocks, fio, perf stat, cyclictest, ...) or a bordered
// grid; they register themselves in init with Register, and where the
// tables of two families overlap, the one of better rank wins, then the
// larger table; once every number of a block lies in kept tables, the
// families of worse rank are not asked to read it. Headings above a table
// become its context and name its benchmark (context.go).
//
// The packages under parse/internal, in their order, are text, shell,
// token, grammar, cell and layout: each imports only packages before it
// (text, shell, token and grammar none of each other), and none imports
// parse, so the compiler keeps the layers' direction (TestLayers holds the
// order); what a layer must ask of the semantics above it is passed down
// as a func value (layout.Lay's kernelRows). participle's types stay
// inside parse and its internal packages.
package parse
