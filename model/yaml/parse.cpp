// The YAML/JSON front end: a stream cut into documents, each checked for what
// libfyaml cannot be trusted with (NUL bytes, invalid UTF-8) and parsed on its own,
// so one broken document does not stop the next. A large `kind: List` document is
// handed to the parallel List path (list_parallel.cpp); everything else goes through
// parse_document (parse_document.cpp), which streams List items one at a time, so a
// 16 MB `kubectl get -o yaml` export never becomes one tree.
#include "model/loader.h"
#include "model/yaml/list_layout.h"
#include "model/yaml/list_parallel.h"
#include "model/yaml/parse_document.h"
#include "model/yaml/utf8.h"

#include <algorithm>
#include <cstdio>

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

// Splits a stream at `---` / `...` lines, so each document gets its own parser.
// A marker line stays at the start of the chunk it opens (libfyaml handles it there).
// Directives (`%YAML 1.2`) belong to the document their `---` opens, so a chunk of
// nothing but directives, comments and blank lines is not cut off at that `---`.
std::vector<Chunk> split_documents(std::string_view text) {
    std::vector<Chunk> chunks;
    std::size_t start = 0;
    std::uint32_t start_line = 0;
    std::size_t pos = 0;
    std::uint32_t line_no = 0;
    bool only_directives = true;  // the current chunk so far holds no document content
    while (pos < text.size()) {
        std::size_t nl = text.find('\n', pos);
        std::size_t end = nl == std::string_view::npos ? text.size() : nl;
        std::string_view line = text.substr(pos, end - pos);
        bool marker = is_document_marker(line);
        bool opens_document = marker && line.substr(0, 3) == "---";
        if (pos > start && marker && !(opens_document && only_directives)) {
            chunks.push_back({text.substr(start, pos - start), start_line});
            start = pos;
            start_line = line_no;
            only_directives = true;
        }
        std::size_t first = line.find_first_not_of(" \t\r");
        bool blank = first == std::string_view::npos || line[first] == '#';
        if (opens_document || (!marker && !blank && line[0] != '%')) {
            only_directives = false;
        }
        pos = nl == std::string_view::npos ? text.size() : nl + 1;
        ++line_no;
    }
    if (start < text.size()) {
        chunks.push_back({text.substr(start), start_line});
    }
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

void parse_objects(std::uint32_t file_id, std::string_view text, DiagSink& diags, const LoadOptions& opt,
                   const std::function<void(yaml::Node&&)>& sink) {
    // A UTF-8 byte order mark is not content.
    if (text.size() >= 3 && static_cast<unsigned char>(text[0]) == 0xEF &&
        static_cast<unsigned char>(text[1]) == 0xBB && static_cast<unsigned char>(text[2]) == 0xBF) {
        text.remove_prefix(3);
    }
    for (const Chunk& chunk : split_documents(text)) {
        // A large List export is parsed in batches of items on two threads when its
        // layout is certain; whatever that path did not hand out, the one-pass parse does.
        std::size_t handed = 0;
        // (A document the one-pass parse refuses whole, for a NUL byte or invalid UTF-8,
        // never reaches the batches: they would hand out objects before the refusal.)
        if (opt.parallel_lists && chunk.text.size() > opt.list_batch_bytes &&
            chunk.text.find('\0') == std::string_view::npos && !yaml::first_invalid_utf8(chunk.text)) {
            if (auto layout = yaml::find_list_layout(chunk.text)) {
                auto done = yaml::parse_list_parallel(file_id, chunk, *layout, opt, sink);
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
}

}  // namespace kg::model
