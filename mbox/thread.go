package mbox

import (
	"sort"
	"strconv"
	"time"

	"github.com/lkmlbench/lkmlbench/model"
)

// Thread is one conversation: a message and the replies linked to it.
type Thread struct {
	// Root is the id of the thread's first message (the one with no parent
	// among the messages given, earliest first).
	Root string
	// Series is the patch tag of the series the thread discusses: the cover
	// letter's, else the root's, else the first tagged message's; nil when
	// no message has a tag.
	Series *model.PatchTag
	// Messages are the thread's messages ordered by date; messages without
	// a date keep their place after the message read before them.
	Messages []*Message
}

// Threads groups messages into threads by Message-ID, In-Reply-To and
// References. Messages that carry neither In-Reply-To nor References (their
// headers were lost, or they start a thread) join a thread whose starting
// message has the same normalised subject and series version, so replies
// rebuilt from damaged text still find their thread. Threads come in the
// order of their first message in msgs.
func Threads(msgs []*Message) []Thread {
	uf := unionFind{}
	for _, m := range msgs {
		uf.find(m.Meta.ID)
		if m.Meta.InReplyTo != "" {
			uf.union(m.Meta.ID, m.Meta.InReplyTo)
		}
		for _, r := range m.Meta.References {
			uf.union(m.Meta.ID, r)
		}
	}
	bySubject := map[string]string{}
	for _, m := range msgs {
		if m.Meta.InReplyTo != "" || len(m.Meta.References) > 0 || m.Meta.Subject == "" {
			continue
		}
		key := subjectKey(m.Meta.Subject)
		if first, ok := bySubject[key]; ok {
			uf.union(first, m.Meta.ID)
		} else {
			bySubject[key] = m.Meta.ID
		}
	}

	index := map[string]int{}
	var threads []Thread
	for _, m := range msgs {
		root := uf.find(m.Meta.ID)
		i, ok := index[root]
		if !ok {
			i = len(threads)
			index[root] = i
			threads = append(threads, Thread{})
		}
		threads[i].Messages = append(threads[i].Messages, m)
	}
	for i := range threads {
		t := &threads[i]
		sortByDate(t.Messages)
		t.Root = threadRoot(t.Messages)
		t.Series = seriesTag(t.Messages, t.Root)
	}
	return threads
}

// subjectKey is the subject fallback's grouping key: the normalised
// subject and the series version, so v8 and v9 of a series stay apart.
func subjectKey(subject string) string {
	v := 1
	if t := ParseSubject(subject); t != nil {
		v = t.Version
	}
	return normalSubject(subject) + "\x00" + strconv.Itoa(v)
}

// sortByDate orders messages by date, stably; a message without a date
// sorts with the date of the message before it in input order.
func sortByDate(msgs []*Message) {
	keys := make(map[*Message]time.Time, len(msgs))
	var last time.Time
	for _, m := range msgs {
		if m.Meta.Date != nil {
			last = *m.Meta.Date
		}
		keys[m] = last
	}
	sort.SliceStable(msgs, func(i, j int) bool { return keys[msgs[i]].Before(keys[msgs[j]]) })
}

// threadRoot returns the id of the earliest message whose parent is not in
// the thread, or of the first message when every parent is.
func threadRoot(msgs []*Message) string {
	ids := make(map[string]bool, len(msgs))
	for _, m := range msgs {
		ids[m.Meta.ID] = true
	}
	for _, m := range msgs {
		if !ids[parentID(m)] {
			return m.Meta.ID
		}
	}
	return msgs[0].Meta.ID
}

// parentID is the message's direct parent: In-Reply-To, else the last
// reference.
func parentID(m *Message) string {
	if m.Meta.InReplyTo != "" {
		return m.Meta.InReplyTo
	}
	if n := len(m.Meta.References); n > 0 {
		return m.Meta.References[n-1]
	}
	return ""
}

// seriesTag picks the thread's series tag: a cover letter's, else the
// root's, else the first non-reply tag's, else the first tag's. It returns
// a copy with the reply flag cleared.
func seriesTag(msgs []*Message, root string) *model.PatchTag {
	var pick *model.PatchTag
	for _, pass := range []func(m *Message) bool{
		func(m *Message) bool { return !m.Meta.Patch.Reply && m.Meta.Patch.CoverLetter() },
		func(m *Message) bool { return m.Meta.ID == root },
		func(m *Message) bool { return !m.Meta.Patch.Reply },
		func(*Message) bool { return true },
	} {
		for _, m := range msgs {
			if m.Meta.Patch != nil && pass(m) {
				pick = m.Meta.Patch
				break
			}
		}
		if pick != nil {
			break
		}
	}
	if pick == nil {
		return nil
	}
	t := *pick
	t.Reply = false
	return &t
}

// unionFind groups message ids.
type unionFind map[string]string

// find returns the representative of id, adding id when new.
func (u unionFind) find(id string) string {
	p, ok := u[id]
	if !ok {
		u[id] = id
		return id
	}
	if p == id {
		return id
	}
	r := u.find(p)
	u[id] = r
	return r
}

// union joins the groups of a and b.
func (u unionFind) union(a, b string) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u[rb] = ra
	}
}
