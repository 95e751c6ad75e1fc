#include "audit/ingest/ingest.h"

#include <algorithm>
#include <cstdlib>

#include "audit/ingest/cloud/batch_nodes.h"
#include "audit/ingest/cloud/json_util.h"
#include "audit/ingest/input.h"
#include "audit/ingest/line_reader.h"
#include "audit/ingest/node_json.h"
#include "audit/ingest/prefilter.h"
#include "model/loader.h"
#include "model/time.h"

#include <simdjson.h>

#include <cstdio>
#include <ctime>
#include <algorithm>
#include <deque>

namespace kg::audit::ingest {

namespace {

/// Full sha256 of a file's raw bytes (only to recognise a source already ingested).
std::string file_sha256(const std::string& path) {
    Input in(path);
    if (!in.ok()) return {};
    in.drain_raw();
    return in.sha256();
}

std::string_view trim_left(std::string_view s) {
    if (s.starts_with("\xEF\xBB\xBF")) s.remove_prefix(3);
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    return s;
}

/// Strips a container-runtime log prefix ("2026-01-01T00:00:00.1Z stdout F {...}").
std::string_view strip_cri(std::string_view s) {
    if (s.empty() || s.front() == '{') return s;
    for (std::string_view tag : {" stdout F ", " stderr F "}) {
        const auto p = s.find(tag);
        if (p != std::string_view::npos && p < 64) return s.substr(p + tag.size());
    }
    return s;
}

struct PeekedLine {
    std::string text;
    std::uint64_t number = 0, end_offset = 0;
    bool too_long = false;
};

std::string json_quote(std::string_view s) {
    std::string out;
    cloud::append_quoted(out, s);
    return out;
}

/// What was read since the last commit: the batch's share of the source's counts.
BatchInput input_since(const Counts& now, const Counts& then) {
    BatchInput in;
    in.events = static_cast<std::int64_t>(now.events - then.events);
    in.kept = static_cast<std::int64_t>(now.kept - then.kept);
    // Source-level problems are recorded with the bad lines: the batch's input had a defect.
    in.bad = static_cast<std::int64_t>(now.bad + now.bad_values + now.source_errors - then.bad - then.bad_values -
                                       then.source_errors);
    in.skipped_json = "{";
    bool first = true;
    for (const auto& [reason, n] : now.skipped) {
        const auto it = then.skipped.find(reason);
        const std::uint64_t d = n - (it == then.skipped.end() ? 0 : it->second);
        if (d == 0) continue;
        if (!first) in.skipped_json += ',';
        first = false;
        in.skipped_json += json_quote(reason) + ":" + std::to_string(d);
    }
    in.skipped_json += "}";
    return in;
}

/// The start of a line for a diagnostic, control bytes (NUL in a zeroed file) as \xNN.
std::string printable_excerpt(std::string_view s) {
    std::string out;
    for (unsigned char ch : s.substr(0, std::min<std::size_t>(s.size(), 40))) {
        if (ch < 0x20 || ch == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\x%02x", ch);
            out += buf;
        } else {
            out += static_cast<char>(ch);
        }
    }
    return s.size() > 40 ? out + "..." : out;
}

bool looks_like_json_line(std::string_view s) {
    s = strip_cri(trim_left(s));
    return !s.empty() && s.front() == '{';
}

}  // namespace

SourceResult ingest_source(EvidenceStore& store, const std::string& path, const IngestOptions& opt) {
    SourceResult res;
    res.path = path;
    std::ostream& diag = *opt.diag;
    Input in(path);
    if (!in.ok()) {
        res.status = SourceResult::Status::unreadable;
        res.message = in.error();
        return res;
    }
    res.compression = in.gzip() ? "gzip" : "none";

    SourceIdentity id;
    id.path = path;
    id.compression = res.compression;
    id.head_sha256 = in.head_sha256();
    id.cluster = opt.cluster;
    if (in.mtime() != 0) {
        // SOURCE_DATE_EPOCH clamps a later modification time to it, as reproducible builds clamp
        // file times: the mtime is part of the chained source record, and a fresh checkout must
        // give the same store as the one a golden test recorded.
        std::int64_t mtime = in.mtime();
        if (auto epoch = model::source_date_epoch()) mtime = std::min(mtime, *epoch);
        id.mtime = model::format_rfc3339(mtime);
    }
    if (path != "-" && in.raw_size() > 0) {
        if (store.find_candidate_duplicate(id, static_cast<std::int64_t>(in.raw_size()))) {
            if (auto dup = store.find_complete_source(file_sha256(path), opt.cluster)) {
                res.status = SourceResult::Status::duplicate;
                res.source_id = *dup;
                res.message = "already ingested as source " + std::to_string(*dup);
                return res;
            }
        }
    }
    const std::int64_t as_of_s = opt.as_of ? *opt.as_of : (in.mtime() != 0 ? in.mtime() : std::time(nullptr));

    // Detect: JSON lines when the first line is a JSON object on its own (or the second line
    // starts one: the first may be corrupt); anything else is a document stream.
    LineReader reader(in, opt.max_line, simdjson::SIMDJSON_PADDING, opt.limits.max_file_bytes);
    std::deque<PeekedLine> peeked;
    for (Line l; peeked.size() < 2 && reader.next(l);) {
        if (trim_left(l.text).empty() && peeked.empty()) continue;
        peeked.push_back({std::string(l.text), l.number, l.end_offset, l.too_long});
    }
    // A cut first line (a rotated log, `tail -c +N`) is not JSON: a second line that is a whole
    // JSON object still makes the source JSON lines, and the cut line is reported below.
    auto parses = [](const PeekedLine& l) {
        simdjson::dom::parser p;
        simdjson::dom::element e;
        const std::string text(strip_cri(trim_left(l.text)));
        return !p.parse(text).get(e) && e.is_object();
    };
    bool lines_mode = false;
    if (!peeked.empty() && looks_like_json_line(peeked.front().text)) {
        lines_mode = parses(peeked.front()) || peeked.front().too_long ||
                     (peeked.size() > 1 && looks_like_json_line(peeked[1].text));
    }
    if (!lines_mode && peeked.size() > 1 && looks_like_json_line(peeked[1].text) && parses(peeked[1])) lines_mode = true;
    res.format = peeked.empty() ? "empty" : (lines_mode ? "audit-jsonl" : "documents");
    id.format = res.format;
    if (!lines_mode) id.as_of = model::format_rfc3339(as_of_s);

    const SourceState st = store.open_source(id);
    res.source_id = st.id;
    if (st.resumed) res.status = SourceResult::Status::resumed;
    BatchWriter writer(store, st.id);
    Extractor ex(writer, res.counts, path == "-" ? std::string("<stdin>") : path, diag, as_of_s * 1'000'000);

    // Rows the writer accepted count as added until a commit finds them stored already.
    auto settle_rows = [&] {
        const auto stored = static_cast<std::uint64_t>(writer.take_already_stored());
        res.counts.rows_new -= stored;
        res.counts.rows_dup += stored;
    };
    Counts at_commit;  // the counts when the last batch was committed
    auto commit = [&](std::uint64_t end, std::uint64_t line) {
        writer.commit(end, line, input_since(res.counts, at_commit));
        settle_rows();
        at_commit = res.counts;
    };

    Progress prog;
    prog.path = path;
    prog.raw_total = in.raw_size();
    auto committed = [&] {
        if (!opt.on_commit) return;
        prog.raw_read = in.raw_read();
        prog.events = res.counts.events;
        opt.on_commit(prog);
    };

    std::uint64_t last_line = 0, end_offset = 0;
    const std::uint64_t first_line = peeked.empty() ? 0 : peeked.front().number;
    const bool stopped_in_peek = !reader.stop_reason().empty();
    if (stopped_in_peek) {
        // Nothing is read past the stop; the stopped line is the one bad event of its kind.
        ++res.counts.events;
        ++res.counts.bad;
    } else if (lines_mode) {
        std::uint64_t since_commit = 0, last_commit_offset = 0;
        if (st.resumed && st.resume_offset > 0) {
            while (!peeked.empty() && peeked.front().end_offset <= st.resume_offset) peeked.pop_front();
            reader.skip_to(st.resume_offset, st.resume_line);
            last_commit_offset = end_offset = std::max<std::uint64_t>(st.resume_offset, reader.offset());
            last_line = st.resume_line;
        }
        std::string padded;
        auto handle = [&](std::string_view text, std::uint64_t number, std::uint64_t end, bool too_long,
                          bool needs_padding) {
            last_line = number;
            end_offset = end;
            const std::string_view t = strip_cri(trim_left(text));
            if (too_long) {
                ++res.counts.events;
                ++res.counts.bad;
                ex.bad(number, "expected an audit event line of at most " + std::to_string(opt.max_line) +
                                   " bytes (--max-line-bytes raises it), found a longer line (skipped)");
            } else if (!t.empty() && t.front() != '{' && t.front() != '[') {
                ++res.counts.events;
                ++res.counts.bad;
                ex.bad(number, std::string(number == first_line ? "the first line is cut (a rotated log or tail -c +N?): " : "") +
                                   "expected a JSON audit event starting with '{', found \"" +
                                   printable_excerpt(t) + "\"");
            } else if (!t.empty()) {
                const Prefilter pf = prefilter(t);
                const char* reason = pf == Prefilter::unrelated   ? "not a Kueue, job, Kueue event or namespace request (pre-filter)"
                                     : pf == Prefilter::read_verb ? "read-only verb (get/list/watch)"
                                                                  : "stage before ResponseComplete";
                std::string_view text_p = t;
                if (needs_padding) {
                    padded.assign(t);
                    padded.append(simdjson::SIMDJSON_PADDING, '\0');
                    text_p = std::string_view(padded.data(), t.size());
                }
                if (pf == Prefilter::keep)
                    ex.line(text_p, number);
                else
                    ex.skipped_line(text_p, number, reason);
            }
            since_commit = end - last_commit_offset;
            if (writer.pending_rows() >= static_cast<std::int64_t>(opt.batch_rows) || since_commit >= opt.batch_bytes) {
                commit(end, number);
                last_commit_offset = end;
                committed();
            }
        };
        for (const PeekedLine& p : peeked) handle(p.text, p.number, p.end_offset, p.too_long, true);
        for (Line l; reader.next(l);) handle(l.text, l.number, l.end_offset, l.too_long, false);
    } else if (!peeked.empty()) {
        std::string text;
        for (const PeekedLine& p : peeked) {
            text += p.text;
            text += '\n';
        }
        std::string rest;
        if (!reader.rest(rest, opt.limits.max_file_bytes)) {
            res.status = SourceResult::Status::unreadable;
            res.message = "input exceeds the limit of " + std::to_string(opt.limits.max_file_bytes) +
                          " bytes per file (--max-input-bytes raises it; or split it, or convert it to JSON "
                          "lines); stopped reading there";
            return res;
        }
        text += rest;
        end_offset = reader.offset();
        // A NUL byte (a zeroed or binary file) ends what can be read as text: report where, and
        // read the documents before its line.
        if (const auto nul = text.find('\0'); nul != std::string::npos) {
            const auto line_start = text.rfind('\n', nul);
            const std::size_t keep = line_start == std::string::npos ? 0 : line_start + 1;
            const auto line_no = first_line + static_cast<std::uint64_t>(std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(keep), '\n'));
            ++res.counts.events;
            ++res.counts.bad;
            diag << (path == "-" ? std::string("<stdin>") : path) << ":" << line_no << ":" << (nul - keep + 1)
                 << ": expected YAML or JSON text, found a NUL byte (a zeroed or binary file?); the rest of the file "
                    "was not read\n";
            text.resize(keep);
        }
        model::SourceFiles files;
        const std::uint32_t file_id = files.add(path == "-" ? "<stdin>" : path);
        model::DiagSink diags;
        model::LoadOptions lo = opt.limits;
        lo.keep_text = false;
        std::string json;
        model::parse_objects(file_id, text, diags, lo, [&](model::yaml::Node&& node) {
            cloud::for_each_record(node, [&](const model::yaml::Node& record) {
                json.clear();
                node_to_json(record, json);
                ex.document(json, record.pos.line);
            });
            last_line = node.pos.line;
            if (writer.pending_rows() >= static_cast<std::int64_t>(opt.batch_rows)) {
                commit(0, 0);  // documents are re-read whole on resume; rows are idempotent
                committed();
            }
        });
        for (const model::Diagnostic& d : diags.items()) {
            if (d.severity != model::Severity::error) continue;
            ++res.counts.events;
            ++res.counts.bad;
            diag << model::format_diagnostic(files, d, false) << "\n";
        }
    }
    if (!reader.stop_reason().empty()) {
        // Never drained or sealed: the rest may be endless. What was read is committed, partial.
        ++res.counts.source_errors;
        res.status = SourceResult::Status::stopped;
        res.message = "stopped reading at line " + std::to_string(reader.stop_line()) + ": " + reader.stop_reason();
        diag << (path == "-" ? std::string("<stdin>") : path) << ":" << reader.stop_line()
             << ": expected an audit log or export, " << reader.stop_reason()
             << "; stopped reading there (what came before is kept, the source is not sealed)\n";
        writer.commit(end_offset, last_line, input_since(res.counts, at_commit));
        settle_rows();
        committed();
        return res;
    }
    if (!in.ok()) {
        ++res.counts.source_errors;
        diag << path << ": " << in.error() << " (lines before it were kept)\n";
    } else if (in.truncated()) {
        ++res.counts.source_errors;
        diag << path << ": gzip stream ends early (a truncated file); the lines before the cut were kept\n";
    }
    in.drain_raw();
    // A file that changed while it was read is not the file its hash names: keep what was read
    // (the batches say up to where) but leave the source partial rather than seal it as complete.
    if (const std::string why = in.changed_while_read(); !why.empty()) {
        ++res.counts.source_errors;
        res.status = SourceResult::Status::changed;
        res.message = "changed while being read: " + why;
        diag << path << ": changed while being read (" << why
             << "); what was read is kept but the source is not sealed as complete; ingest it again once it "
                "is stable\n";
        writer.commit(end_offset, last_line, input_since(res.counts, at_commit));
        settle_rows();
        committed();
        return res;
    }
    writer.seal(end_offset, last_line, static_cast<std::int64_t>(in.raw_read()), in.sha256(),
                input_since(res.counts, at_commit));
    settle_rows();
    committed();
    return res;
}

}  // namespace kg::audit::ingest
