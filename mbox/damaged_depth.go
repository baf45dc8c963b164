package mbox

import "math"

// Costs of the quote-depth choice in collapsed text. An empty quoted line is
// the main ambiguity: "> > text" is either a depth-2 line or an empty
// depth-1 line followed by a depth-1 line. The choice minimises, over the
// whole message, the number of empty lines invented, the depth changes
// between neighbouring lines, prefixes that clash with how the message
// writes its quote levels, attributions not followed by deeper text, and
// wrapped sentences whose lines would land at different depths.
const (
	dmgCostEmpty       = 1.0
	dmgCostJump        = 1.0
	dmgCostNewPattern  = 0.2
	dmgCostClash       = 3.0
	dmgCostAttribution = 2.0
	dmgCostBrokenWrap  = 2.0
	// dmgMaxEnum bounds the marker runs whose every split is tried.
	dmgMaxEnum = 8
)

// dmgOption is one way to split a marker run into line prefixes.
type dmgOption struct {
	groups [][]dmgTok
	first  int // depth of the first line
	depth  int // depth of the line with the text
	cost   float64
}

// dmgChooseDepths splits the marker run of every quoted stretch into the
// prefixes of its lines (the last prefix carries the text) by a Viterbi
// search over the stretches. Unquoted stretches get nil.
func dmgChooseDepths(segs []dmgSeg) [][][]dmgTok {
	single := dmgSingleStyles(segs)
	opts := make([][]dmgOption, len(segs))
	for k, sg := range segs {
		if len(sg.run) == 0 {
			opts[k] = []dmgOption{{}}
			continue
		}
		opts[k] = dmgOptions(sg.run, single)
	}
	cost := make([][]float64, len(segs))
	back := make([][]int, len(segs))
	for k := range segs {
		cost[k] = make([]float64, len(opts[k]))
		back[k] = make([]int, len(opts[k]))
		for o, op := range opts[k] {
			if k == 0 {
				cost[k][o] = op.cost
				continue
			}
			bestCost, bestPrev := math.Inf(1), 0
			wrap := len(op.groups) == 1 && segs[k].continues
			for p, prev := range opts[k-1] {
				c := cost[k-1][p] + dmgTransition(prev.depth, op, segs[k-1].attribution)
				if wrap && prev.depth != op.depth {
					c += dmgCostBrokenWrap
				}
				if c < bestCost {
					bestCost, bestPrev = c, p
				}
			}
			cost[k][o] = bestCost + op.cost
			back[k][o] = bestPrev
		}
	}
	out := make([][][]dmgTok, len(segs))
	if len(segs) == 0 {
		return out
	}
	o := 0
	last := len(segs) - 1
	for i := range cost[last] {
		if cost[last][i] < cost[last][o] {
			o = i
		}
	}
	for k := last; k >= 0; k-- {
		out[k] = opts[k][o].groups
		o = back[k][o]
	}
	return out
}

// dmgTransition is the cost of going from a line at depth p to the lines
// of op.
func dmgTransition(p int, op dmgOption, afterAttribution bool) float64 {
	c := math.Abs(float64(op.first-p)) * dmgCostJump
	if afterAttribution && op.depth <= p {
		c += dmgCostAttribution
	}
	return c
}

// dmgSingleStyles records the depths the message writes as one marker
// token (">>" for depth 2): a multi-token prefix for such a depth ("> >")
// is then unlikely to be one line.
func dmgSingleStyles(segs []dmgSeg) map[int]bool {
	single := map[int]bool{}
	for _, sg := range segs {
		if len(sg.run) == 1 {
			single[int(sg.run[0].e-sg.run[0].s)] = true
		}
	}
	return single
}

// dmgOptions lists the splits of a marker run, fewest empty lines first.
func dmgOptions(run []dmgTok, single map[int]bool) []dmgOption {
	var splits [][][]dmgTok
	if len(run) > dmgMaxEnum {
		splits = [][][]dmgTok{{run}, dmgEach(run)}
	} else {
		n := len(run) - 1
		for groups := 0; groups <= n; groups++ {
			for mask := 0; mask < 1<<n; mask++ {
				if popcount(mask) != groups {
					continue
				}
				splits = append(splits, dmgSplitMask(run, mask))
			}
		}
	}
	out := make([]dmgOption, 0, len(splits))
	for _, groups := range splits {
		op := dmgOption{groups: groups}
		for i, g := range groups {
			op.cost += dmgPatternCost(g, single)
			if i < len(groups)-1 {
				op.cost += dmgCostEmpty
				op.cost += math.Abs(float64(dmgDepth(groups[i+1])-dmgDepth(g))) * dmgCostJump
			}
		}
		op.first = dmgDepth(groups[0])
		op.depth = dmgDepth(groups[len(groups)-1])
		out = append(out, op)
	}
	return out
}

// dmgPatternCost rates one line prefix: one token is always plausible; a
// multi-token prefix is a new pattern, and clashes when one of its
// multi-token tails is a depth the message writes as a single token.
func dmgPatternCost(g []dmgTok, single map[int]bool) float64 {
	if len(g) == 1 {
		return 0
	}
	for j := 0; j < len(g)-1; j++ {
		if single[dmgDepth(g[j:])] {
			return dmgCostClash
		}
	}
	return dmgCostNewPattern
}

func dmgDepth(g []dmgTok) int {
	d := 0
	for _, t := range g {
		d += int(t.e - t.s)
	}
	return d
}

func dmgEach(run []dmgTok) [][]dmgTok {
	out := make([][]dmgTok, len(run))
	for i := range run {
		out[i] = run[i : i+1]
	}
	return out
}

// dmgSplitMask cuts run after token i when bit i of mask is set.
func dmgSplitMask(run []dmgTok, mask int) [][]dmgTok {
	var out [][]dmgTok
	start := 0
	for i := 0; i < len(run)-1; i++ {
		if mask&(1<<i) != 0 {
			out = append(out, run[start:i+1])
			start = i + 1
		}
	}
	return append(out, run[start:])
}

func popcount(x int) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}
