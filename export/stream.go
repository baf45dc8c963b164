package export

import "github.com/lkmlbench/lkmlbench/model"

// Streamer writes the records of a document that is still growing, input by
// input. A table may still change while later inputs are read (a less
// quoted copy of it can replace it), so after each input only the leading
// tables that are settled are written; the order of records is the same as
// that of Document.Observations.
type Streamer struct {
	rw      RecordWriter
	settled func(*model.Table) bool
	done    int
	buf     []model.Observation
}

// NewStreamer writes through rw; settled reports whether a table can no
// longer change as more inputs are read.
func NewStreamer(rw RecordWriter, settled func(*model.Table) bool) *Streamer {
	return &Streamer{rw: rw, settled: settled}
}

// Progress writes the settled tables of doc that were not written yet, up to
// the first one that is not settled.
func (s *Streamer) Progress(doc *model.Document) error {
	end := s.done
	for end < len(doc.Tables) && s.settled(&doc.Tables[end]) {
		end++
	}
	return s.write(doc, end)
}

// Finish writes every table not written yet and flushes the writer.
func (s *Streamer) Finish(doc *model.Document) error {
	if err := s.write(doc, len(doc.Tables)); err != nil {
		return err
	}
	return s.rw.Flush()
}

func (s *Streamer) write(doc *model.Document, end int) error {
	s.buf = s.buf[:0]
	for ; s.done < end; s.done++ {
		s.buf = doc.Tables[s.done].AppendObservations(s.buf)
	}
	if len(s.buf) == 0 {
		return nil
	}
	return s.rw.Write(s.buf)
}
