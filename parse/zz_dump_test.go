package parse

import (
	"encoding/json"
	"os"
	"testing"
)

func TestZZDump(t *testing.T) {
	in, err := os.ReadFile(os.Getenv("DUMP"))
	if err != nil {
		t.Skip()
	}
	b, _ := json.Marshal(Tables(linesOf(string(in))))
	os.WriteFile("/tmp/rt/out.json", b, 0o644)
}
