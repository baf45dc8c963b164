// Package mbox reads the containers kernel mail arrives in (mbox files,
// gzipped lore archives, single RFC 822 messages, Maildirs, folders of
// messages, plain text) and turns each message into decoded body lines that
// keep their provenance: input line and byte offset, quote depth, the author
// of quoted text, and whether a line is prose, an attribution, a patch, a
// signature or a quoted header block.
//
// Forms are detected by content, never by file name: every Form in the
// registry gets a Detect call on the first 64 KiB and the first that accepts
// reads the input. Forms are ordered by Form.Priority (lower first), ties in
// registration order, so that the strict forms (mbox, mbox.gz) go first, the
// special layouts registered with the default priority 0 (web archive text,
// HTML pages, digests, damaged one-line mbox) follow, and the lenient
// "message" and "text" forms come last.
//
// Line numbers of body lines are exact for bodies sent as 7bit, 8bit or
// binary text. For quoted-printable and base64 parts, and for a part located
// inside a multipart body, the decoded text has no exact counterpart in the
// input: numbers then count from the part's first text line found in the
// raw body (or from the body's first line), so they are approximate.
//
// RawScanner splits an mbox stream without decoding it, holding at most one
// message in memory, for the batch crawl over whole archives. Each and
// EachPath decode an input of any form message by message, streaming mbox
// and gzip input, so that extract's memory does not grow with the input;
// Read and ReadPath collect the messages instead.
//
// Bare carriage returns are line endings (NormalizeEOL): a CR-only file is
// an mbox like any other, not a damaged one. Every budget (Options, the
// gzip cap, the warnings kept) cuts with a warning, and what cannot be
// read at all (a message of NUL bytes, a file of a folder) is an error
// with its position while the rest is still read.
package mbox
