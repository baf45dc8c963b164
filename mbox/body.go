package mbox

import (
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// BodyLines splits decoded body text into model.Lines. It strips quote
// markers ("> ", ">>", "> > ", keeping alignment: at most one space after the
// last marker is dropped) and sets Depth; it marks attribution lines, diff
// hunks and diffstats, signatures (after "-- " or "--", to the end of that
// depth's text) and quoted header blocks; and it sets Author per depth: depth
// 0 is the message author, depth d takes the author named by the nearest
// attribution line at depth d-1 above it, "" when unknown. firstLine and
// offset locate the first line of text in the input file; a final newline
// does not start another line.
func BodyLines(text string, firstLine int, offset int64, author string) []model.Line {
	return markLines(splitLines(text, firstLine, offset), author)
}

// splitLines cuts text into lines, numbered from firstLine at offset, with
// their quote markers stripped and their depth set.
func splitLines(text string, firstLine int, offset int64) []model.Line {
	n := strings.Count(text, "\n") + 1
	if strings.HasSuffix(text, "\n") {
		n--
	}
	lines := make([]model.Line, 0, n)
	off := offset
	for i := 0; len(text) > 0; i++ {
		end := strings.IndexByte(text, '\n') + 1
		if end == 0 {
			end = len(text)
		}
		raw := strings.TrimSuffix(strings.TrimSuffix(text[:end], "\n"), "\r")
		depth, t := unquote(raw)
		lines = append(lines, model.Line{Text: t, No: firstLine + i, Offset: off, Depth: depth, Quote: len(raw) - len(t)})
		off += int64(end)
		text = text[end:]
	}
	return lines
}

// markLines sets the kinds and authors of split lines (see BodyLines). The
// repairs of old or damaged mail come first: PGP armor, "| " and ": "
// quoting, quoting indented as a whole, quoted lines whose wrapped rest
// lost its markers.
func markLines(lines []model.Line, author string) []model.Line {
	stripPGP(lines)
	indentedQuotes(lines)
	altQuotes(lines)
	rejoinWrappedQuotes(lines)
	names := markAttributions(lines)
	markDiffs(lines)
	markDiffstats(lines)
	markHeaderBlocks(lines)
	markSignatures(lines)
	setAuthors(lines, names, author)
	outlookAuthors(lines)
	return lines
}

// unquote counts the quote markers at the start of s and strips them with at
// most one space after the last, so that aligned columns stay aligned.
// Spaces between markers ("> > ") are part of the markers.
func unquote(s string) (int, string) {
	depth, i := 0, 0
	for {
		j := i
		if depth > 0 {
			for j < len(s) && s[j] == ' ' {
				j++
			}
		}
		if j >= len(s) || s[j] != '>' {
			break
		}
		depth++
		i = j + 1
	}
	if depth > 0 && i < len(s) && s[i] == ' ' {
		i++
	}
	return depth, s[i:]
}

// setAuthors fills Line.Author: authors[d] is who wrote the text at depth d,
// set for d+1 by each attribution at depth d (names holds the name an
// attribution line introduces, by line index).
func setAuthors(lines []model.Line, names map[int]string, author string) {
	authors := []string{author}
	for i := range lines {
		l := &lines[i]
		if l.Depth < len(authors) {
			l.Author = authors[l.Depth]
		}
		name, ok := names[i]
		if !ok {
			continue
		}
		for len(authors) < l.Depth+2 {
			authors = append(authors, "")
		}
		// A new attribution starts another quoted message: what deeper
		// attributions named no longer applies.
		authors = authors[:l.Depth+2]
		authors[l.Depth+1] = name
	}
}

// markSignatures marks the text from a "-- " or "--" line to the end of the
// text at that depth (quoted blocks after it keep their kinds; a return to
// a shallower depth ends a quoted signature).
func markSignatures(lines []model.Line) {
	var sig []bool // sig[d]: inside a signature at depth d
	for i := range lines {
		l := &lines[i]
		for d := l.Depth + 1; d < len(sig); d++ {
			sig[d] = false
		}
		for len(sig) <= l.Depth {
			sig = append(sig, false)
		}
		if l.Kind != model.KindText {
			continue
		}
		if l.Text == "-- " || l.Text == "--" {
			sig[l.Depth] = true
		}
		if sig[l.Depth] {
			l.Kind = model.KindSignature
		}
	}
}

// reHeaderField matches the header lines of a forwarded or quoted message
// shown in a body (Outlook "-----Original Message-----" blocks, digests).
var reHeaderField = regexp.MustCompile(`^(?i:from|to|cc|bcc|subject|date|sent|reply-to|message-id|in-reply-to|references|organization|newsgroups):\s`)

// reForwardMarker matches the separator line mail clients put above a
// forwarded or quoted original message.
var reForwardMarker = regexp.MustCompile(`^-{3,}\s*(?i:original message|forwarded message|message transféré|ursprüngliche nachricht)\s*-{3,}\s*$`)

// markHeaderBlocks marks runs of at least two header fields at one depth
// (with their folded continuation lines and the marker line above) as
// KindHeader.
func markHeaderBlocks(lines []model.Line) {
	for i := 0; i < len(lines); {
		if lines[i].Kind != model.KindText || !strings.Contains(lines[i].Text, ": ") || !reHeaderField.MatchString(lines[i].Text) {
			i++
			continue
		}
		j, fields := i, 0
		for j < len(lines) && lines[j].Depth == lines[i].Depth && lines[j].Kind == model.KindText {
			t := lines[j].Text
			if reHeaderField.MatchString(t) {
				fields++
			} else if fields == 0 || t == "" || (t[0] != ' ' && t[0] != '\t') {
				break
			}
			j++
		}
		if fields >= 2 {
			for k := i; k < j; k++ {
				lines[k].Kind = model.KindHeader
			}
			if k := i - 1; k >= 0 && lines[k].Depth == lines[i].Depth && reForwardMarker.MatchString(lines[k].Text) {
				lines[k].Kind = model.KindHeader
			}
		}
		i = max(j, i+1)
	}
}
