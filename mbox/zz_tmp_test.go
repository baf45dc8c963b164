package mbox

import (
	"os"
	"strings"
	"testing"
)

func TestZZHeaders(t *testing.T) {
	data, _ := os.ReadFile("../../shared/seeds/003_e3f8f2a6ca428bed.txt")
	rb, _ := dmgRebuild("x", data, Options{}.withDefaults())
	for _, l := range strings.Split(rb.text, "\n")[:58] {
		if len(l) > 110 {
			l = l[:110]
		}
		t.Log(l)
	}
}
