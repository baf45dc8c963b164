package mbox

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/lkmlbench/lkmlbench/model"
)

// subjectCases are real-world subject shapes and their tags.
var subjectCases = []struct {
	in   string
	want *model.PatchTag
}{
	{"[PATCH] sched/fair: Consider RT/IRQ pressure", &model.PatchTag{Prefix: "PATCH", Version: 1, Title: "sched/fair: Consider RT/IRQ pressure"}},
	{"[PATCH v9 3/9] sched/fair: Add latency_offset", &model.PatchTag{Prefix: "PATCH", Version: 9, Index: 3, Total: 9, Title: "sched/fair: Add latency_offset"}},
	{"[PATCH V3 1/2] sched: x", &model.PatchTag{Prefix: "PATCH", Version: 3, Index: 1, Total: 2, Title: "sched: x"}},
	{"[RFC PATCH v2 0/4] Add latency nice", &model.PatchTag{Prefix: "RFC PATCH", Version: 2, Index: 0, Total: 4, RFC: true, Title: "Add latency nice"}},
	{"[PATCH RESEND v2 2/2] mm: y", &model.PatchTag{Prefix: "PATCH RESEND", Version: 2, Index: 2, Total: 2, Resend: true, Title: "mm: y"}},
	{"[PATCH net-next v3 05/12] net: z", &model.PatchTag{Prefix: "PATCH net-next", Version: 3, Index: 5, Total: 12, Title: "net: z"}},
	{"[PATCH 6.1 123/456] sched: stable fix", &model.PatchTag{Prefix: "PATCH 6.1", Version: 1, Index: 123, Total: 456, Title: "sched: stable fix"}},
	{"Re: Re: [PATCH v9 0/9] Add latency priority for CFS class", &model.PatchTag{Prefix: "PATCH", Version: 9, Index: 0, Total: 9, Reply: true, Title: "Add latency priority for CFS class"}},
	{"Fwd: [PATCH] x", &model.PatchTag{Prefix: "PATCH", Version: 1, Reply: true, Title: "x"}},
	{"[RFC][PATCH 1/3] sched: split", &model.PatchTag{Prefix: "RFC PATCH", Version: 1, Index: 1, Total: 3, RFC: true, Title: "sched: split"}},
	{"[PATCH -next] sched: w", &model.PatchTag{Prefix: "PATCH -next", Version: 1, Title: "sched: w"}},
	{"AW: Re[2]: [PATCH v2] a", &model.PatchTag{Prefix: "PATCH", Version: 2, Reply: true, Title: "a"}},
	{"[tip: sched/core] sched/fair: Fix x", &model.PatchTag{Prefix: "tip: sched/core", Version: 1, Title: "sched/fair: Fix x"}},
	{"[PATCH v2 00/13] big series", &model.PatchTag{Prefix: "PATCH", Version: 2, Index: 0, Total: 13, Title: "big series"}},
	{"[PATCHv4 2/3]   spaced    title ", &model.PatchTag{Prefix: "PATCH", Version: 4, Index: 2, Total: 3, Title: "spaced title"}},
	{"RE : [PATCH v2.1] point release", &model.PatchTag{Prefix: "PATCH", Version: 2, Reply: true, Title: "point release"}},
	{"Re: sched/fair: no tag", nil},
	{"", nil},
	{"[unclosed tag", nil},
	{"[linux-next:master] BUILD REGRESSION 3c1a2b4d5e6f7a8b", nil},
	{"[tip:sched/core] BUILD SUCCESS 0f1e2d3c4b5a", nil},
	{"Re: [morimoto:sound-cleanup] 4d2f7a91c3: WARNING: at kernel/sched/core.c", nil},
	{"e52271917f: BUG: kernel NULL pointer dereference, address: 0000000000000010", nil},
	{"[PATCH] 4d2f7a91c3: fix the warning the robot found", &model.PatchTag{Prefix: "PATCH", Version: 1, Title: "4d2f7a91c3: fix the warning the robot found"}},
}

func TestParseSubject(t *testing.T) {
	for _, tc := range subjectCases {
		got := ParseSubject(tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	cover := ParseSubject("[RFC PATCH net-next v2 0/4] x")
	assert.True(t, cover.CoverLetter())
	assert.False(t, ParseSubject("[PATCH v2 1/4] x").CoverLetter())
}

func TestNormalSubject(t *testing.T) {
	assert.Equal(t, "add latency nice", normalSubject("Re: [RFC PATCH v2 0/4]  Add latency   nice"))
	assert.Equal(t, "benchmark numbers", normalSubject("Re: RE: Benchmark numbers"))
}

func FuzzParseSubject(f *testing.F) {
	for _, tc := range subjectCases {
		f.Add(tc.in)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tag := ParseSubject(s)
		if tag != nil && (tag.Version < 0 || tag.Index < 0 || tag.Total < 0) {
			t.Fatalf("negative numbers in %+v", tag)
		}
	})
}
