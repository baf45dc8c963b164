package mbox

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"

	"github.com/lkmlbench/lkmlbench/model"
)

func init() {
	Register(Form{Name: "mbox.gz", Detect: detectGzip, Read: readGzip, Priority: priorityGzip})
}

// detectGzip accepts the gzip magic bytes (lore's t.mbox.gz downloads).
func detectGzip(head []byte) bool {
	return len(head) >= 2 && head[0] == 0x1f && head[1] == 0x8b
}

// maxGunzipFactor bounds the decompressed size, in MaxMessageBytes (1 GiB
// by default), so that a gzip bomb cannot exhaust memory (Read holds the
// text) or run without end (Each streams it).
const maxGunzipFactor = 64

// readGzip gunzips the input and reads the text as an mbox or a message.
// A truncated or corrupt stream keeps what was decoded, with a warning
// giving the compressed offset where decoding stopped.
func readGzip(name string, data []byte, opts Options) (*Result, error) {
	opts = opts.withDefaults()
	br := bytes.NewReader(data)
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, parseErr(name, int64(len(data)-br.Len()), "gzip: %v", err)
	}
	limit := opts.MaxMessageBytes * maxGunzipFactor
	plain, err := io.ReadAll(io.LimitReader(zr, limit+1))
	var w []model.Warning
	switch {
	case err != nil && len(plain) == 0:
		return nil, parseErr(name, int64(len(data)-br.Len()), "gzip: %v", err)
	case err != nil:
		if errors.Is(err, io.ErrUnexpectedEOF) {
			err = errors.New("data truncated")
		}
		w = append(w, warn(name, 0, int64(len(data)-br.Len()), "gzip: %v after %d decoded bytes: reading what was decoded", err, len(plain)))
	case int64(len(plain)) > limit:
		plain = plain[:limit]
		w = append(w, warn(name, 0, 0, "gzip: decoded text longer than %d bytes: the rest is dropped", limit))
	}
	if detectGzip(plain) {
		return nil, parseErr(name, 0, "gzip: the decoded data is gzip again; nested archives are not read")
	}
	res, err := Read(name, plain, opts)
	if res == nil {
		return nil, err
	}
	res.Kind = "mbox.gz"
	res.Warnings = append(w, res.Warnings...)
	return res, err
}
