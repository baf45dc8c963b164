package export

import (
	"time"

	"github.com/lkmlbench/lkmlbench/model"
)

// fixture is a hand-built document that sets every field of the model at
// least once, so that the golden files and the schema test see all of it.
func fixture() *model.Document {
	improvement := model.Number("2.58")
	date := time.Date(2022, 11, 16, 9, 21, 4, 0, time.FixedZone("", 5*3600+30*60))
	return &model.Document{
		Schema: model.SchemaVersion,
		Sources: []model.Source{
			{Path: "thread.mbox", Kind: "mbox"},
			{Path: "digest.txt", Kind: "damaged-mbox", Reconstructed: true},
		},
		Messages: []model.Message{{
			Source:     "thread.mbox",
			ID:         "20221116092104.12345-1-tester@example.org",
			Subject:    "Re: [RFC PATCH v3 2/4] sched/fair: Scan fewer CPUs, when the LLC is busy",
			From:       model.Address{Name: "Pat Tester", Email: "tester@example.org"},
			Date:       &date,
			InReplyTo:  "cover.1668000000.git.dev@example.com",
			References: []string{"cover.1668000000.git.dev@example.com"},
			Patch: &model.PatchTag{Prefix: "RFC PATCH", Version: 3, Index: 2, Total: 4, RFC: true, Resend: true,
				Reply: true, Title: "sched/fair: Scan fewer CPUs, when the LLC is busy"},
			Trailers:  []model.Trailer{{Key: "Tested-by", Who: model.Address{Name: "Pat Tester", Email: "tester@example.org"}, Line: 61}},
			StartLine: 1, EndLine: 64,
		}, {
			Source: "digest.txt", ID: "digest.txt#1", From: model.Address{Email: "dev@example.com"},
			StartLine: 1, EndLine: 1, Offset: 0, Reconstructed: true,
		}},
		Tables: []model.Table{{
			ID: "t01", Source: "thread.mbox", MessageID: "20221116092104.12345-1-tester@example.org",
			StartLine: 20, EndLine: 24, Offset: 812, Author: "Pat Tester", QuotedCopies: 2,
			Format: "value-pct", Benchmark: "hackbench", Context: []string{"NPS1", "Test: tip, patched"},
			Variants: []string{"tip", "patched"}, Baseline: "tip", Unit: "s", Direction: "lower",
			Statistic: "AMean", DirectionSource: model.DirFromHeader, PctConvention: model.PctChange,
			UnitNorm: "s", Samples: 10, Lead: []string{"Results on a dual socket machine, lower is better:"},
			Rows: []model.Row{{
				Case: "1-groups", Line: 22, Offset: 880,
				Cells: []model.Cell{
					{Variant: "tip", Field: "value", Value: "4.25"},
					{Variant: "tip", Field: "pct", Value: "-0.00", Text: "-0.00 pct"},
					{Variant: "patched", Field: "value", Value: "4.14", ImprovementPct: &improvement, Noise: model.NoiseBeyond},
					{Variant: "patched", Field: "pct", Value: "2.58", Flags: []string{"significant"}},
				},
			}, {
				Case: "16-groups", Line: 24, Offset: 940, Flags: []string{"*", "verification run"},
				Cells: []model.Cell{{Variant: "tip", Field: "value", Value: "5.157e+10", Text: "51,570,000,000"}},
			}},
		}, {
			ID: "t02", Source: "digest.txt", MessageID: "digest.txt#1", StartLine: 3, EndLine: 3,
			Offset: 4096, QuoteDepth: 1, Author: `"Dev, Some" <dev@example.com>`, Reconstructed: true,
			Normalized: true, Format: "list", Context: []string{}, Variants: []string{},
			Rows: []model.Row{{Case: "", Line: 3, Cells: []model.Cell{{Field: "value", Value: "26311.000", Direction: "higher",
				Flags: []string{model.FlagPctMismatch}, Noise: model.NoiseWithin}}}},
		}},
		Warnings: []model.Warning{{Source: "digest.txt", Line: 7, Offset: 2048, Message: "unknown charset x-mac-foo, read as Latin-1"}},
	}
}
