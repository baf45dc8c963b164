package model

import "time"

// SchemaVersion names the shape of the JSON document; it changes only when a
// field is renamed or removed, never when one is added.
const SchemaVersion = "lkmlbench/v1"

// Document is everything extracted from one run over one or more inputs.
type Document struct {
	// Schema is always SchemaVersion.
	Schema string `json:"schema"`
	// Sources are the inputs in the order they were given.
	Sources []Source `json:"sources"`
	// Messages are the mail messages read, in input order.
	Messages []Message `json:"messages"`
	// Tables are the benchmark tables found, in input order. Table.ID is
	// unique within the document.
	Tables []Table `json:"tables"`
	// Threads group the messages into conversations, each knowing the patch
	// series it discusses.
	Threads []Thread `json:"threads"`
	// Warnings are problems that did not stop the reading: an undecodable
	// part, an unknown charset, a block that looked like a table but could
	// not be read.
	Warnings []Warning `json:"warnings,omitempty"`
}

// Source is one input: a file, standard input or a fetched URL.
type Source struct {
	// Path is the file path, "-" for standard input, or the URL fetched.
	Path string `json:"path"`
	// Kind is the container form detected from the content: "mbox",
	// "message", "text", "web-text", "html", "digest", "damaged-mbox", ...
	Kind string `json:"kind"`
	// Reconstructed is true when line structure was rebuilt from a damaged
	// form (newlines collapsed to spaces); line numbers then refer to the
	// rebuilt text and Offset fields locate the text in the original file.
	Reconstructed bool `json:"reconstructed,omitempty"`
}

// Address is a mail author or recipient.
type Address struct {
	// Name is the display name, empty when the text gives none.
	Name string `json:"name,omitempty"`
	// Email is the address, empty when it was stripped or hidden.
	Email string `json:"email,omitempty"`
}

// String renders the address as the author label used in records: the name
// when known, else the e-mail address.
func (a Address) String() string {
	if a.Name != "" {
		return a.Name
	}
	return a.Email
}

// PatchTag is what the bracketed subject prefix says about a patch mail,
// e.g. "Re: [PATCH v9 3/9] sched/fair: Add latency_offset".
type PatchTag struct {
	// Prefix is the tag word as written: "PATCH", "RFC PATCH", "PATCH net-next".
	Prefix string `json:"prefix"`
	// Version is the series version (9 for "v9"); 1 when none is written.
	Version int `json:"version"`
	// Index and Total are the position in the series ("3/9"); zero when absent.
	Index int `json:"index,omitempty"`
	Total int `json:"total,omitempty"`
	// RFC and Resend mirror the tag's flags.
	RFC    bool `json:"rfc,omitempty"`
	Resend bool `json:"resend,omitempty"`
	// Reply is true when the subject starts with Re:/Fwd: (possibly repeated).
	Reply bool `json:"reply,omitempty"`
	// Title is the series title: the subject without reply prefixes and tag.
	Title string `json:"title"`
}

// CoverLetter reports whether the tag marks a series' cover letter (0/N).
func (p PatchTag) CoverLetter() bool { return p.Total > 0 && p.Index == 0 }

// Trailer is one "Key-by: Name <addr>" line of a message.
type Trailer struct {
	// Key is the trailer name as written: "Tested-by", "Reviewed-by", ...
	Key string `json:"key"`
	// Who is the person named.
	Who Address `json:"who"`
	// Line is the 1-based line of the trailer in the input file.
	Line int `json:"line"`
}

// Message is one mail message.
type Message struct {
	// Source is the path of the input that held the message.
	Source string `json:"source"`
	// ID is the Message-ID without angle brackets; for messages whose
	// headers were lost it is a synthetic "source#N" id.
	ID string `json:"id"`
	// Subject is the decoded Subject header.
	Subject string `json:"subject,omitempty"`
	// From is the author.
	From Address `json:"from"`
	// Date is the Date header; nil when absent or unreadable.
	Date *time.Time `json:"date,omitempty"`
	// InReplyTo and References are message ids without angle brackets.
	InReplyTo  string   `json:"in_reply_to,omitempty"`
	References []string `json:"references,omitempty"`
	// Patch is the parsed subject tag; nil when the subject has none.
	Patch *PatchTag `json:"patch,omitempty"`
	// Trailers are the Tested-by/Reviewed-by/... lines of the body.
	Trailers []Trailer `json:"trailers,omitempty"`
	// StartLine and EndLine are the 1-based lines the message spans in the
	// input file.
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Offset is the byte offset of the message in the input file.
	Offset int64 `json:"offset"`
	// Reconstructed is true when the message text was rebuilt from a
	// damaged form.
	Reconstructed bool `json:"reconstructed,omitempty"`
}

// Thread is one conversation: a message and the replies linked to it by
// Message-ID, In-Reply-To and References (or by subject where headers were
// lost).
type Thread struct {
	// Root is the id of the thread's first message.
	Root string `json:"root"`
	// Series is the patch tag of the series the thread discusses: the cover
	// letter's, else the root's, else the first tagged message's.
	Series *PatchTag `json:"series,omitempty"`
	// Messages are the ids of the thread's messages, ordered by date.
	Messages []string `json:"messages"`
}

// Warning is a problem met while reading that did not stop the run.
type Warning struct {
	// Source is the input path.
	Source string `json:"source"`
	// Line and Offset locate the problem when known (0 otherwise).
	Line   int   `json:"line,omitempty"`
	Offset int64 `json:"offset,omitempty"`
	// Message says what went wrong.
	Message string `json:"message"`
}

// Table is one benchmark-result table found in a message body.
type Table struct {
	// ID is unique within a Document: "t01", "t02", ... in input order.
	ID string `json:"id"`
	// Source is the input path and MessageID the message that holds the table.
	Source    string `json:"source"`
	MessageID string `json:"message_id"`
	// StartLine and EndLine are the first and last 1-based lines of the
	// table in the input file (headers included).
	StartLine int `json:"start_line"`
	EndLine   int `json:"end_line"`
	// Offset is the byte offset of the first line in the input file.
	Offset int64 `json:"offset"`
	// QuoteDepth is the number of '>' levels the table sits under.
	QuoteDepth int `json:"quote_depth"`
	// Author wrote the table: the message author for unquoted text, the
	// attributed author of the quoted text otherwise; empty when unknown.
	Author string `json:"author,omitempty"`
	// QuotedCopies counts further quoted copies of the same table that were
	// folded into this one.
	QuotedCopies int `json:"quoted_copies,omitempty"`
	// Series and SeriesVersion name the patch the table's message replies
	// to or posts (the subject's title without tag and reply prefixes, and
	// the version), so that results of v5 and v9 of a series stay apart;
	// empty when the subject has no patch tag. Document.Threads says which
	// series each thread discusses.
	Series        string `json:"series,omitempty"`
	SeriesVersion int    `json:"series_version,omitempty"`
	// Date and Subject are the Date and Subject headers of the message
	// that holds the table; nil and "" when it has none.
	Date    *time.Time `json:"date,omitempty"`
	Subject string     `json:"subject,omitempty"`
	// Reconstructed is true when the table was read from rebuilt text.
	Reconstructed bool `json:"reconstructed,omitempty"`
	// Format is the table family: "value-pct", "pct-imp-cv", "mmtests",
	// "ascii-grid", "pipe-grid", "whitespace", "key-value", "transposed",
	// "histogram", "perf-sched", "lkp", "list", "arrow", and the raw outputs of
	// tools: "perf-stat", "cyclictest", "perf-bench", "kernbench", "fio",
	// "unixbench", "hackbench", "bar-chart", "netperf", "tcrypt",
	// "rngtest", "raid6", "iperf", "openssl-speed", "iozone", "kunit",
	// "pktgen", "perf-lock".
	Format string `json:"format"`
	// Benchmark is the benchmark's name in lower case, empty when unknown.
	Benchmark string `json:"benchmark,omitempty"`
	// Context holds the headings the table sits under, outermost first.
	Context []string `json:"context"`
	// Variants are the compared columns (kernels, configurations) in order.
	Variants []string `json:"variants"`
	// Baseline is the variant the others are compared against, if any.
	Baseline string `json:"baseline,omitempty"`
	// Columns says what the columns are when they are not variants:
	// ColumnsMetrics when they are different metrics or tests side by
	// side ("TPS" beside "Latency Avg (ms)", "kmalloc" beside "pgalloc");
	// empty when the columns are the compared variants or the table has
	// one series. Variants then keep the column titles as read, and
	// Baseline is empty: no column is a reference for the others.
	Columns string `json:"columns,omitempty"`
	// BaselineCase names the baseline when the rows are the variants
	// (configurations as rows, metrics or tests as columns: a row
	// "(1 baseline)" above "(2) kmem on"): the label of the rows the
	// others are compared against, or, when the labels pair a test with
	// a variant ("sda teo-m", "sda teo-patch"), the variant's last word.
	// Empty otherwise.
	BaselineCase string `json:"baseline_case,omitempty"`
	// Unit of the main values as the text states it, empty when unstated.
	Unit string `json:"unit,omitempty"`
	// Direction is "lower" or "higher" (is better), empty when unknown.
	Direction string `json:"direction,omitempty"`
	// Statistic is the aggregate the values are ("AMean", "HMean", ...).
	Statistic string `json:"statistic,omitempty"`
	// DirectionSource says where Direction came from (DirFromHeader, ...);
	// DirMixed when rows measure metrics that are better in opposite
	// directions, so that no table direction applies.
	DirectionSource string `json:"direction_source,omitempty"`
	// PctConvention says what the author's printed percentages mean
	// (PctImprovement, PctChange); empty when unknown.
	PctConvention string `json:"pct_convention,omitempty"`
	// UnitNorm is Unit reduced to a canonical symbol ("us", "MB/s",
	// "ops/s"); empty when Unit names none.
	UnitNorm string `json:"unit_norm,omitempty"`
	// Normalized is true when the values are ratios to the baseline
	// ("Normalized time in seconds"), not raw readings in UnitNorm.
	Normalized bool `json:"normalized,omitempty"`
	// Samples is the number of runs or loops the text says the values
	// come from ("10 Runs", "100000 loops"); 0 when unstated.
	Samples int `json:"samples,omitempty"`
	// Lead holds the prose lines just above the table (nearest last), kept
	// for inferring direction and benchmark; not exported per observation.
	Lead []string `json:"lead,omitempty"`
	// LeadFar counts Lead's first lines that stand above another table of
	// the message: they describe that table ("here results are
	// throughput"), so a direction is read from them only when nothing
	// nearer speaks.
	LeadFar int `json:"lead_far,omitempty"`
	// Rows are the table's data rows in order.
	Rows []Row `json:"rows"`
}

// Reference names what t's cells are compared against: the baseline
// variant, or, when the rows are the variants, the baseline row
// (BaselineCase); "" when t has neither.
func (t *Table) Reference() string {
	if t.Baseline != "" {
		return t.Baseline
	}
	return t.BaselineCase
}

// Row is one data row of a table.
type Row struct {
	// Case is the row label as written, trailing ':' dropped; "" when rows
	// have no label.
	Case string `json:"case"`
	// Line is the 1-based input line of the row (its first line when
	// wrapped): the raw line that holds it, or that encodes its first
	// byte in a base64 or quoted-printable part.
	Line int `json:"line"`
	// Offset is the byte offset in the input file of the start of Line.
	Offset int64 `json:"offset,omitempty"`
	// DecodedLine is the row's 1-based line in the decoded text of its
	// MIME part when that part is encoded (see Observation.DecodedLine).
	DecodedLine int `json:"decoded_line,omitempty"`
	// Flags are row markers as written: "*", "^", "verification run".
	Flags []string `json:"flags,omitempty"`
	// Cells are the row's numbers.
	Cells []Cell `json:"cells"`
}

// Cell is one number of a row.
type Cell struct {
	// Variant is the column variant; "" for single-series tables.
	Variant string `json:"variant"`
	// Field says what the number is: "value", "pct", "cv", "stddev", "var",
	// "min", "max", "avg", "mean", "median", "p50", "p99", ... (lower case).
	Field string `json:"field"`
	// Value is the number, exactly as written once normalised.
	Value Number `json:"value"`
	// Text is the cell as written, when it differs from Value.
	Text string `json:"text,omitempty"`
	// Flags are cell markers: "significant", "missing", FlagPctMismatch...
	Flags []string `json:"flags,omitempty"`
	// Direction is the cell's better-direction when the table has none
	// (rows of a mixed table); empty otherwise.
	Direction string `json:"direction,omitempty"`
	// ImprovementPct is the change against the baseline in percent, signed
	// so that positive is better; nil when the cell is not compared or
	// its verdict is withheld (model.Withheld(VerdictBasis)).
	ImprovementPct *Number `json:"improvement_pct,omitempty"`
	// Noise is NoiseWithin or NoiseBeyond when the table gives the spread
	// of its values or marks significance; empty otherwise.
	Noise string `json:"noise,omitempty"`
	// Verdict says whether ImprovementPct is an improvement or a
	// regression beyond noise, or within it; empty when the cell is not
	// compared. VerdictBasis says what decided it (BasisCV, ...), or,
	// with no verdict, why the evidence gives none (BasisPctMismatch, ...).
	Verdict      Verdict `json:"verdict,omitempty"`
	VerdictBasis string  `json:"verdict_basis,omitempty"`
}
