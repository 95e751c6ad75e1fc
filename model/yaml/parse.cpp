// The YAML/JSON front end: a stream cut into documents, each checked for what
// libfyaml cannot be trusted with (NUL bytes, invalid UTF-8) and parsed on its own,
// so one broken document does not stop the next. A stream of many small documents is
// parsed in batches on two threads (stream_parallel.cpp). A large `kind: List` document is
// handed to the parallel List path (list_parallel.cpp); a plain one-object document is
// read by the fast reader (simple_block.cpp) when it can vouch for it; everything else
// goes through parse_document (parse_document.cpp), which streams List items one at a time, so a
// 16 MB `kubectl get -o yaml` export never becomes one tree.
#include "model/loader.h"
#include "model/yaml/list_layout.h"
#include "model/yaml/list_parallel.h"
#include "model/yaml/parse_document.h"
#include "model/yaml/simple_block.h"
#include "model/yaml/stream_parallel.h"
#include "model/yaml/utf8.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>

namespace kg::model {

namespace {

using yaml::Chunk;
using yaml::Node;

bool is_document_marker(std::string_view line) {
    if (line.size() < 3 || (line.substr(0, 3) != "---" && line.substr(0, 3) != "...")) {
        return false;
    }
    return line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r';
}

// True when `p` (a line start with at least 3 bytes) opens with `---` or `...`.
bool opens_marker(const char* p) {
    return (p[0] == '-' || p[0] == '.') && p[1] == p[0] && p[2] == p[0];
}

// Finds the lines that start with `---` or `...` without visiting every line: an
// export of 2.5 million lines holds one or two markers, and a search per line was a
// sixth of loading it. Sixteen bytes are tested at a time for a '\n' followed by '-'
// or '.' (GCC's vector extensions: SSE2 on any x86-64); glibc's memmem, asked once
// per needle, was a tenth of the instructions of loading a 59 MB JSON export.
//
// The same pass finds the first NUL byte (first_nul), which the loader and the List path
// otherwise looked for with a scan of their own: each pass over a 59 MB export reads it
// from memory again, serially, before the parse can start.
class MarkerLines {
public:
    explicit MarkerLines(std::string_view text) : m_text(text) {}

    /// The first line start at or after `from` (itself a line start, or just after
    /// one) whose line begins with `---` or `...`; npos when there is none.
    std::size_t next(std::size_t from) {
        const std::size_t n = m_text.size();
        const char* s = m_text.data();
        if (from == 0 && n >= 3 && opens_marker(s)) {
            return 0;
        }
        // A later line start follows a '\n': look for the newline and the marker together.
        std::size_t i = from == 0 ? 0 : from - 1;
        // Two blocks per test: one branch per 32 bytes (this scan is serial, on the
        // calling thread, over the whole text).
        using V = char __attribute__((vector_size(16)));
        const V nl = V{} + '\n', dash = V{} + '-', dot = V{} + '.', nul = V{};
        for (; i + 33 <= n; i += 32) {
            V a0, b0, a1, b1;
            std::memcpy(&a0, s + i, 16);
            std::memcpy(&b0, s + i + 1, 16);
            std::memcpy(&a1, s + i + 16, 16);
            std::memcpy(&b1, s + i + 17, 16);
            V hit = ((a0 == nl) & ((b0 == dash) | (b0 == dot))) | ((a1 == nl) & ((b1 == dash) | (b1 == dot))) |
                    (a0 == nul) | (a1 == nul);
            std::uint64_t half[2];
            std::memcpy(half, &hit, 16);
            if ((half[0] | half[1]) == 0) {
                continue;
            }
            for (std::size_t k = i; k < i + 32; ++k) {
                note_nul(s, k);
                if (s[k] == '\n' && k + 4 <= n && opens_marker(s + k + 1)) {
                    return k + 1;
                }
            }
        }
        for (; i + 4 <= n; ++i) {
            note_nul(s, i);
            if (s[i] == '\n' && opens_marker(s + i + 1)) {
                return i + 1;
            }
        }
        for (; i < n; ++i) {
            note_nul(s, i);
        }
        return std::string_view::npos;
    }

    /// Offset of the first NUL byte, once next() has returned npos; npos when there is none.
    std::size_t first_nul() const { return m_first_nul; }

private:
    void note_nul(const char* s, std::size_t k) {
        if (s[k] == '\0' && k < m_first_nul) {
            m_first_nul = k;
        }
    }

    std::string_view m_text;
    std::size_t m_first_nul = std::string_view::npos;
};

// True when `region` holds no document content yet: only directives (`%YAML 1.2`),
// comments, blank lines and `...` lines.
bool only_directives(std::string_view region) {
    std::size_t pos = 0;
    while (pos < region.size()) {
        std::size_t nl = region.find('\n', pos);
        std::size_t end = nl == std::string_view::npos ? region.size() : nl;
        std::string_view line = region.substr(pos, end - pos);
        bool marker = is_document_marker(line);
        std::size_t first = line.find_first_not_of(" \t\r");
        bool blank = first == std::string_view::npos || line[first] == '#';
        if ((marker && line.substr(0, 3) == "---") || (!marker && !blank && line[0] != '%')) {
            return false;
        }
        pos = end + 1;
    }
    return true;
}

// Splits a stream at `---` / `...` lines, so each document gets its own parser.
// A marker line stays at the start of the chunk it opens (libfyaml handles it there).
// Directives (`%YAML 1.2`) belong to the document their `---` opens, so a chunk of
// nothing but directives, comments and blank lines is not cut off at that `---`.
std::vector<Chunk> split_documents(std::string_view text, bool& has_nul) {
    std::vector<Chunk> chunks;
    MarkerLines markers(text);
    std::size_t start = 0;
    std::uint32_t start_line = 0;
    std::size_t counted_to = 0;  // line numbers are counted up to here
    std::uint32_t line_at_counted = 0;
    for (std::size_t m = markers.next(0); m != std::string_view::npos; m = markers.next(m + 1)) {
        std::size_t nl = text.find('\n', m);
        std::string_view line = text.substr(m, (nl == std::string_view::npos ? text.size() : nl) - m);
        if (!is_document_marker(line) || m == start) {
            continue;
        }
        bool opens_document = line.substr(0, 3) == "---";
        if (opens_document && only_directives(text.substr(start, m - start))) {
            continue;
        }
        chunks.push_back({text.substr(start, m - start), start_line});
        line_at_counted += static_cast<std::uint32_t>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                                                                 text.begin() + static_cast<std::ptrdiff_t>(m), '\n'));
        counted_to = m;
        start = m;
        start_line = line_at_counted;
    }
    if (start < text.size()) {
        chunks.push_back({text.substr(start), start_line});
    }
    has_nul = markers.first_nul() != std::string_view::npos;
    return chunks;
}

// Position of byte `bad` of the chunk: line within the chunk, column in bytes.
SourcePos byte_pos(std::uint32_t file_id, const Chunk& chunk, std::size_t bad) {
    std::string_view before = chunk.text.substr(0, bad);
    auto line = chunk.first_line + 1 + static_cast<std::uint32_t>(std::count(before.begin(), before.end(), '\n'));
    std::size_t line_start = before.rfind('\n');
    auto col = static_cast<std::uint32_t>(line_start == std::string_view::npos ? bad + 1 : bad - line_start);
    return {file_id, line, col};
}

void report_invalid_utf8(std::uint32_t file_id, const Chunk& chunk, std::size_t bad, DiagSink& diags) {
    char hex[8];
    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(chunk.text[bad]));
    diags.error(byte_pos(file_id, chunk, bad), std::string("invalid UTF-8 byte ") + hex +
                                                   ": expected UTF-8 text (YAML and JSON input must be UTF-8); "
                                                   "this document is skipped");
}

void parse_chunk(std::uint32_t file_id, const Chunk& chunk, DiagSink& diags, const LoadOptions& opt,
                 const std::function<void(Node&&)>& sink) {
    // The fast reader first: it accepts only ASCII without control characters, so a
    // document it answers for holds neither a NUL byte nor invalid UTF-8.
    if (opt.simple_block) {
        Node root;
        if (yaml::parse_simple_block(file_id, chunk, opt, root)) {
            if (!root.is_null()) {
                sink(std::move(root));
            }
            return;
        }
    }
    // libfyaml ends its input at a NUL byte: everything after it would vanish without
    // a word, so the document is refused instead.
    if (std::size_t nul = chunk.text.find('\0'); nul != std::string_view::npos) {
        diags.error(byte_pos(file_id, chunk, nul),
                    "NUL byte: expected YAML or JSON text, which never holds one; this document is skipped");
        return;
    }
    if (auto bad = yaml::first_invalid_utf8(chunk.text)) {
        report_invalid_utf8(file_id, chunk, *bad, diags);
        return;
    }
    yaml::parse_document(file_id, chunk, 0, diags, opt, sink);
}

}  // namespace

ParseSummary parse_objects(std::uint32_t file_id, std::string_view text, DiagSink& diags, const LoadOptions& opt,
                           const std::function<void(yaml::Node&&)>& sink,
                           const std::function<void(std::size_t)>& list_items, const ListBatchWork* batch_work) {
    ParseSummary summary;
    // A UTF-8 byte order mark is not content.
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF) {
        text.remove_prefix(3);
    }
    std::vector<Chunk> chunks = split_documents(text, summary.nul);
    std::size_t first_serial = 0;
    if (yaml::stream_parallel_fits(chunks, opt)) {
        first_serial = yaml::parse_stream_parallel(
            chunks, opt,
            [&](const Chunk& chunk, DiagSink& out, const std::function<void(yaml::Node&&)>& keep) {
                parse_chunk(file_id, chunk, out, opt, keep);
            },
            diags, sink);
    }
    for (std::size_t i = first_serial; i < chunks.size(); ++i) {
        const Chunk& chunk = chunks[i];
        // A large List export is parsed in batches of items on two threads when its
        // layout is certain; whatever that path did not hand out, the one-pass parse does.
        std::size_t handed = 0;
        // (A document the one-pass parse refuses whole, for a NUL byte or invalid UTF-8,
        // never reaches the batches: they would hand out objects before the refusal.)
        if (opt.parallel_lists && chunk.text.size() > opt.list_batch_bytes &&
            (!summary.nul || chunk.text.find('\0') == std::string_view::npos) &&
            !yaml::first_invalid_utf8(chunk.text)) {
            if (auto layout = yaml::find_list_layout(chunk.text)) {
                if (list_items) {
                    list_items(layout->items.size());
                }
                auto done = yaml::parse_list_parallel(file_id, chunk, *layout, opt, sink, batch_work);
                if (done.complete) {
                    continue;
                }
                handed = done.handed;
            }
        }
        if (handed == 0) {
            parse_chunk(file_id, chunk, diags, opt, sink);
            continue;
        }
        std::size_t seen = 0;
        parse_chunk(file_id, chunk, diags, opt, [&](yaml::Node&& n) {
            if (++seen > handed) {
                sink(std::move(n));
            }
        });
    }
    return summary;
}

}  // namespace kg::model
