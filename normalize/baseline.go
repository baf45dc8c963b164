package normalize

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"

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
// when the table's layout did not say (see reference); "" when nothing
// says which: two columns that are different tests (kmalloc, pgalloc)
// have no baseline.
func InferBaseline(t *model.Table) string {
	return reference(t.Variants, nearbyTexts(t), true, func() string { return pctReference(t) })
}

// reference names among names (a table's variants, or the variants its
// rows hold) the one the others are compared against: the one whose name
// says it is the reference and that no other does (base, vanilla, tip,
// before, w/o, a bare release tag beside tagged builds); else the one the
// prose names as such ("5.10 is the baseline", "teo-m = mainline",
// "ondemand (BASELINE)", "relative to v6.1"); else the one every other
// name extends ("6.2" beside "6.2 + series"); else the one the changed
// names were made from ("Menu" beside "Menu Patched" and "Teo"); else
// the only one not named as a change when all the others are (mm-new
// beside after); else byPct, the one the printed percentages are
// relative to. "" when none of these holds. Unless loose, only what
// says so outright counts (a reference word, the prose, the printed
// percentages), not what names imply (extension, the changed names'
// origin, the one not named as a change).
func reference(names, texts []string, loose bool, byPct func() string) string {
	if len(names) < 2 {
		return ""
	}
	if v := only(names, func(v string) bool {
		return (referenceName.MatchString(v) && (!treatmentName.MatchString(v) || negatedName.MatchString(v))) || (releaseTag.MatchString(strings.TrimSpace(v)) && !allTags(names))
	}); v != "" {
		return v
	}
	if v := proseReference(names, texts); v != "" {
		return v
	}
	if !loose {
		return byPct()
	}
	if v := only(names, func(v string) bool { return extendedByOthers(v, names) }); v != "" {
		return v
	}
	if v := treatedCore(names); v != "" {
		return v
	}
	if v := only(names, func(v string) bool { return !treatmentName.MatchString(v) }); v != "" {
		return v
	}
	return byPct()
}

// referenceRole is what prose calls the variant compared against.
const referenceRole = `(baseline|base|reference|ref|mainline|upstream|vanilla|unpatched|original|stock)`

// roleWord is in every text that names a reference (proseReference):
// it spares compiling a pattern per name for the texts that cannot.
var roleWord = regexp.MustCompile(`base|ref|mainline|upstream|vanilla|unpatched|orig|stock|relative|compared|normali`)

// proseReference is the one of names that the texts call the reference:
// "X is the baseline", "X = mainline", "X (BASELINE)", "baseline: X",
// "relative to X", "normalized to X". "" when the texts name none of
// them so, or several. The texts are the table's nearby ones, the
// lines above an earlier table included: a legend written once ("the
// ondemand (BASELINE) column") names the reference of every table under
// it.
func proseReference(names, texts []string) string {
	if len(texts) == 0 {
		return ""
	}
	text := strings.Join(texts, "\n")
	low := strings.ToLower(text)
	if !roleWord.MatchString(low) {
		return ""
	}
	return only(names, func(v string) bool {
		v = strings.TrimSpace(v)
		if len(v) < 2 || !strings.Contains(low, strings.ToLower(v)) {
			// Compile no pattern for a name the texts do not hold.
			return false
		}
		q := regexp.QuoteMeta(v)
		re, err := regexp.Compile(`(?i)(^|[^a-z0-9_])(` + q + `\s*[(\[]\s*(the\s+)?` + referenceRole + `\s*[)\]]` +
			`|` + q + `['"]?\s+(is|=|:|as|being)\s+((the|our|my|a|current|mentioned|plain|unmodified|with|stock)\s+)*` + referenceRole + `([^a-z]|$)` +
			`|` + q + `\s*=\s*` + referenceRole + `([^a-z]|$)` +
			`|\b(baseline|reference)\s*(is|=|:)\s*(the\s+)?` + q + `($|[^a-z0-9_-])` +
			`|\b(relative|compared|normali[sz]ed)\s+(to|with|against)\s+(the\s+)?` + q + `($|[^a-z0-9_-]))`)
		return err == nil && re.MatchString(text)
	})
}

// changeWords are the words of a variant's name that say what was done
// to it, or that it was left alone: what remains is the thing changed.
var changeWords = wordSet("with", "w", "patched", "patch", "patches", "patchset", "series", "after", "rfc",
	"fix", "fixed", "proposed", "applied", "test", "opt", "optimized", "optimised",
	"no", "without", "wo", "unpatched", "before", "pre", "non", "not")

// core is the set of a name's words that are not change words or
// numbers: "Base + Patch 1 (menu)" is {base, menu}, "Menu No Patch"
// {menu}.
func core(name string) string {
	var ws []string
	for _, w := range strings.FieldsFunc(strings.ToLower(name), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '.'
	}) {
		if changeWords[w] || allDigits(w) {
			continue
		}
		ws = append(ws, w)
	}
	slices.Sort(ws)
	return strings.Join(slices.Compact(ws), " ")
}

// treatedCore is the one name the changed names were made from: every
// name that names a change ("Menu Patched", "Base + Patch 1 (menu)")
// has, without its change words, the words of exactly one name that
// names none ("Menu", "Base (menu)"); the others ("Teo", "Base (teo)")
// are references of another kind. "" when no name names a change, their
// cores differ, or not exactly one name matches.
func treatedCore(names []string) string {
	c, treated := "", 0
	for _, v := range names {
		if !treatmentName.MatchString(v) || negatedName.MatchString(v) {
			continue
		}
		k := core(v)
		if k == "" || c != "" && k != c {
			return ""
		}
		c, treated = k, treated+1
	}
	if treated == 0 {
		return ""
	}
	return only(names, func(v string) bool {
		return (!treatmentName.MatchString(v) || negatedName.MatchString(v)) && core(v) == c
	})
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
