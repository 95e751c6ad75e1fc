// Splits a decompressed Input into lines without holding more than one chunk (plus the
// longest line) in memory. Each line is handed out with its 1-based number and the
// stream offset just after it (where a resumed ingest continues). The buffer keeps
// simdjson's padding after every line, so lines can be parsed in place.
#pragma once

#include "audit/ingest/input.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kg::audit::ingest {

struct Line {
    std::string_view text;       ///< without the newline (and without a trailing '\r')
    std::uint64_t number = 0;    ///< 1-based
    std::uint64_t end_offset = 0;  ///< decompressed bytes consumed up to and including the newline
    bool too_long = false;       ///< the line exceeded the limit; text holds its start only
    /// Reading stopped inside this (too long) line: it held a NUL byte (a zeroed or binary file,
    /// /dev/zero) or did not end within the skip limit (an endless stream). Says which.
    std::string stopped;
};

class LineReader {
public:
    /// `padding`: bytes that must be readable after every line (simdjson::SIMDJSON_PADDING).
    /// A line longer than `max_line` is handed out as too_long and its bytes are discarded as
    /// they arrive; one that holds a NUL byte or runs past `max_skip` bytes stops the reader.
    LineReader(Input& in, std::size_t max_line, std::size_t padding, std::uint64_t max_skip);

    /// Skips `offset` decompressed bytes (a line boundary recorded by an earlier ingest) and
    /// continues numbering after `line`.
    void skip_to(std::uint64_t offset, std::uint64_t line);

    /// The next line, false at the end of input.
    bool next(Line& out);

    /// Everything not yet handed out, read to the end (document mode, after peeking lines).
    /// False when the source (lines handed out included) holds more than `limit` bytes.
    bool rest(std::string& out, std::size_t limit);

    std::uint64_t offset() const { return m_offset; }
    /// Why reading stopped inside a line (Line::stopped of that line), "" when it did not.
    const std::string& stop_reason() const { return m_stop_reason; }
    std::uint64_t stop_line() const { return m_line; }

private:
    bool fill();

    Input& m_in;
    std::size_t m_max, m_pad;
    std::uint64_t m_max_skip;
    bool m_stopped = false;
    std::string m_stop_reason;
    std::vector<char> m_buf;
    std::size_t m_begin = 0, m_end = 0;  ///< unread bytes are [m_begin, m_end)
    bool m_eof = false;
    std::uint64_t m_offset = 0, m_line = 0;
    std::string m_too_long_head;
};

}  // namespace kg::audit::ingest
