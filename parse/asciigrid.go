package parse

// asciiGrid reads "+----+" bordered grids: rules with '+' corners, rows
// cut by '|', spanning group headers over sub-column headers, several
// header rows separated by partial rules.
//
//	+--------+---------------+---------------+
//	| groups | Without Patch | With Patch    |
//	+--------+-------+-------+-------+-------+
//	|        | Mean  | Stdev | Mean  | Stdev |
//	|      1 | 1.05  | 0.13  | 0.72 (+30.7%) | 0.02 |
type asciiGrid struct{}

func init() { Register(asciiGrid{}, 30) }

// Name is the gold format name.
func (asciiGrid) Name() string { return "ascii-grid" }

// Read returns one table per grid region whose rules have '+' corners.
func (asciiGrid) Read(b *Block) []Match {
	return readGrids(b, true)
}

// readGrids reads the bordered grid regions of a block of one kind: with
// corners (ascii grids) or without (pipe grids, markdown tables). Grids
// without outer borders (psql style) are the columnar family's.
func readGrids(b *Block, corners bool) []Match {
	var out []Match
	if b.grids == nil {
		rs := gridRegions(b)
		b.grids = &rs
	}
	for _, r := range *b.grids {
		if r.corners != corners {
			continue
		}
		if m, ok := readGrid(b, r); ok {
			out = append(out, m)
		}
	}
	return out
}
