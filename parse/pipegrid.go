package parse

// pipeGrid reads '|'-separated grids without '+' corners: "|----|----|"
// rules, outer "-----" borders, two header levels (spanning groups over
// Min/Avg/Max sub-headers), markdown tables, and markers after the last
// pipe ("| ... | ^").
//
//	| Hackbench | Cyclictest LN = 19 | Cyclictest LN = 0 |
//	| LN        |--------------------|-------------------|
//	|           | Min | Avg  | Max   | Min | Avg | Max   |
//	| 19        | 52  | 71   | 5191  | 29  | 68  | 4477  | ^
type pipeGrid struct{}

func init() { Register(pipeGrid{}, 32) }

// Name is the gold format name.
func (pipeGrid) Name() string { return "pipe-grid" }

// Read returns one table per grid region without '+' corners.
func (pipeGrid) Read(b *Block) []Match {
	return readGrids(b, false)
}
