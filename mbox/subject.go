package mbox

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/lkmlbench/lkmlbench/model"
)

var (
	// reReply matches one reply or forward prefix: "Re:", "RE :", "Fwd:",
	// "AW:", "Re[2]:", "SV:", "Antw:", "Odp:", ...
	reReply = regexp.MustCompile(`^(?i:re|fwd?|aw|sv|vs|antw|wg|odp|rif|tr|r)(?:\[\d+\]|\(\d+\))?\s?:\s*`)
	// reVersion matches "v9", "V3", "v2.1" and a glued "PATCHv2".
	reVersion = regexp.MustCompile(`^(?i:patch)?[vV](\d+)(?:\.\d+)?,?$`)
	// reIndex matches "3/9" and "05/12".
	reIndex = regexp.MustCompile(`^(\d+)/(\d+),?$`)
	// reRobot matches the titles of the kernel test robot's reports: a
	// build summary of a tree ("BUILD REGRESSION 8a1b2c3d4e"), or a commit
	// id and what it broke ("e52271917f: BUG: kernel NULL pointer ...").
	reRobot = regexp.MustCompile(`^(?:BUILD (?:SUCCESS|REGRESSION)\b|[0-9a-f]{7,40}:\s)`)
	// rePatchWord matches the words that make a tag a patch's.
	rePatchWord = regexp.MustCompile(`(?i)\b(?:patch|rfc)`)
)

// ParseSubject parses a subject's patch tag: "Re: [PATCH v9 3/9]
// sched/fair: Add x" gives Version 9, Index 3, Total 9, Title "sched/fair:
// Add x", Reply true; "[RFC PATCH net-next v2 0/4] ..." gives RFC and a
// cover letter. Any leading bracketed tag counts ("[tip: sched/core]",
// "[GIT PULL]"); several ("[RFC][PATCH 1/3]") are merged. It returns nil
// when the subject has no tag.
func ParseSubject(subject string) *model.PatchTag {
	s := strings.TrimSpace(subject)
	reply := false
	var groups []string
	for {
		if m := reReply.FindString(s); m != "" && len(groups) == 0 {
			reply = true
			s = s[len(m):]
			continue
		}
		if !strings.HasPrefix(s, "[") {
			break
		}
		end := strings.IndexByte(s, ']')
		if end < 0 {
			break
		}
		groups = append(groups, s[1:end])
		s = strings.TrimSpace(s[end+1:])
	}
	if len(groups) == 0 || robotReport(groups, s) {
		return nil
	}
	tag := &model.PatchTag{Version: 1, Reply: reply, Title: strings.Join(strings.Fields(s), " ")}
	var prefix []string
	for _, g := range groups {
		for _, w := range strings.Fields(g) {
			if m := reVersion.FindStringSubmatch(w); m != nil {
				tag.Version, _ = strconv.Atoi(m[1])
				if strings.HasPrefix(strings.ToUpper(w), "PATCH") {
					prefix = append(prefix, w[:5])
				}
				continue
			}
			if m := reIndex.FindStringSubmatch(w); m != nil {
				tag.Index, _ = strconv.Atoi(m[1])
				tag.Total, _ = strconv.Atoi(m[2])
				continue
			}
			switch strings.ToUpper(strings.Trim(w, ",")) {
			case "RFC":
				tag.RFC = true
			case "RESEND":
				tag.Resend = true
			}
			prefix = append(prefix, w)
		}
	}
	tag.Prefix = strings.Join(prefix, " ")
	return tag
}

// robotReport reports whether a subject's tags and title are a test
// robot's report on a tree ("[linux-next:master] BUILD REGRESSION ...",
// "[tip:sched/core] e52271917f: BUG: ..."): a report on commits already
// merged, not a patch series, whatever tree it names.
func robotReport(groups []string, title string) bool {
	for _, g := range groups {
		if rePatchWord.MatchString(g) {
			return false
		}
	}
	return reRobot.MatchString(title)
}

// normalSubject is the subject without reply prefixes and tags, lower case
// and with single spaces: what replies that lost their headers share.
func normalSubject(subject string) string {
	if t := ParseSubject(subject); t != nil {
		return strings.ToLower(t.Title)
	}
	s := strings.TrimSpace(subject)
	for {
		m := reReply.FindString(s)
		if m == "" {
			break
		}
		s = s[len(m):]
	}
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
