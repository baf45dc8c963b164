package normalize

import (
	"math"
	"regexp"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

// Names authors give the variant they compare against, and the ones they
// give what they test. A name is read as words ("Baseline (hash)",
// "base elapsed", "w/o patch"); "-rc" release tags count as a reference
// when the others are not bare tags.
var (
	referenceName = regexp.MustCompile(`(?i)(^|[^a-z])(base|baseline|vanilla|main|mainline|master|tip|stock|unpatched|before|original|orig|old|upstream|without|w/o|reference|ref|default|pristine|clean)($|[^a-z])`)
	treatmentName = regexp.MustCompile(`(?i)(\+|(^|[^a-z])(with|w/|patched|patch|patches|patchset|series|after|rfc|fix|fixed|proposed|applied|test|opt|optimi[sz]ed)($|[^a-z]))`)
	// negatedName says the change is left out: it names the reference
	// although it names the change too ("w/o patch", "before applying
	// this patchset").
	negatedName = regexp.MustCompile(`(?i)(^|[^a-z])(w/o|without|unpatched|no[ -]patch|pre[ -]patch|before)($|[^a-z])`)
	releaseTag  = regexp.MustCompile(`(?i)^(\(?[0-9]{1,2}[).:]\s*)?v?[0-9]+\.[0-9]+(\.[0-9]+)?(-rc[0-9]+)?$`)
)

// InferBaseline names the variant the others of t are compared against
// when the table's layout did not say: the one whose name says it is the
// reference and that no other does (base, vanilla, tip, before, w/o, a
// bare release tag beside tagged builds); else the one every other name
// extends ("6.2" beside "6.2 + series"); else the only one not named as
// a change when all the others are (mm-new beside after); else the one
// whose printed percentages are 0.00 throughout, or the only one that
// prints none while all others do. "" when none of these holds: two
// columns that are different tests (kmalloc, pgalloc) have no baseline.
func InferBaseline(t *model.Table) string {
	vs := t.Variants
	if len(vs) < 2 {
		return ""
	}
	if v := only(vs, func(v string) bool {
		return (referenceName.MatchString(v) && (!treatmentName.MatchString(v) || negatedName.MatchString(v))) || (releaseTag.MatchString(strings.TrimSpace(v)) && !allTags(vs))
	}); v != "" {
		return v
	}
	if v := only(vs, func(v string) bool { return extendedByOthers(v, vs) }); v != "" {
		return v
	}
	if v := only(vs, func(v string) bool { return !treatmentName.MatchString(v) }); v != "" {
		return v
	}
	return pctReference(t)
}

// only returns the one variant that meets ok, "" when none or several do.
func only(vs []string, ok func(string) bool) string {
	found := ""
	for _, v := range vs {
		if ok(v) {
			if found != "" {
				return ""
			}
			found = v
		}
	}
	return found
}

func allTags(vs []string) bool {
	for _, v := range vs {
		if !releaseTag.MatchString(strings.TrimSpace(v)) {
			return false
		}
	}
	return true
}

// extendedByOthers reports whether every other variant's name is v's
// followed by what was added ("6.2 + series", "mm-new+fix", "tip-v3").
func extendedByOthers(v string, vs []string) bool {
	base := strings.ToLower(strings.TrimSpace(v))
	if base == "" {
		return false
	}
	for _, o := range vs {
		if o == v {
			continue
		}
		rest, ok := strings.CutPrefix(strings.ToLower(strings.TrimSpace(o)), base)
		if !ok || rest == "" || !strings.ContainsAny(rest[:1], " +-_/(") {
			return false
		}
	}
	return true
}

// pctReference finds the variant a table's printed percentages are
// relative to: the one whose own are all zero, or the one alone in
// printing none.
func pctReference(t *model.Table) string {
	has, nonzero := map[string]bool{}, map[string]bool{}
	any := false
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			if c.Field != "pct" {
				continue
			}
			any = true
			has[c.Variant] = true
			if f := c.Value.Float(); math.IsNaN(f) || f != 0 {
				nonzero[c.Variant] = true
			}
		}
	}
	if !any {
		return ""
	}
	if v := only(t.Variants, func(v string) bool { return has[v] && !nonzero[v] }); v != "" {
		return v
	}
	if len(has) == len(t.Variants)-1 {
		return only(t.Variants, func(v string) bool { return !has[v] })
	}
	return ""
}
