package mbox

import (
	"path"
	"strings"

	"github.com/emersion/go-message"
)

// textExts are file name extensions of attachments that hold text
// (benchmark logs and result files) whatever content type the sender's
// client gave them.
var textExts = map[string]bool{
	".txt": true, ".log": true, ".out": true, ".csv": true, ".tsv": true, ".md": true,
	".rst": true, ".diff": true, ".patch": true, ".result": true, ".results": true,
}

// textAttachment reports whether a part whose content type is not text/*
// (often application/octet-stream) is a text file by its name, so that a
// "results.txt" attachment is read. A binary body under such a name is
// still skipped by leafPart.
func textAttachment(h message.Header) bool {
	_, params, _ := h.ContentDisposition()
	name := params["filename"]
	if name == "" {
		_, ct, _ := h.ContentType()
		name = ct["name"]
	}
	return name != "" && textExts[strings.ToLower(path.Ext(name))]
}
