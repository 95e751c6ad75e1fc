#include "audit/ingest/line_reader.h"

#include <cstring>

namespace kg::audit::ingest {

namespace {
constexpr std::size_t k_chunk = 4 << 20;
}

LineReader::LineReader(Input& in, std::size_t max_line, std::size_t padding, std::uint64_t max_skip)
    : m_in(in), m_max(max_line), m_pad(padding), m_max_skip(max_skip), m_buf(k_chunk + padding) {}

bool LineReader::fill() {
    if (m_eof) return false;
    // Move the unread tail to the front, grow when a single line fills the buffer.
    if (m_begin > 0) {
        std::memmove(m_buf.data(), m_buf.data() + m_begin, m_end - m_begin);
        m_end -= m_begin;
        m_begin = 0;
    }
    if (m_buf.size() - m_pad - m_end < k_chunk / 2) m_buf.resize(m_buf.size() + k_chunk);
    const std::size_t n = m_in.read(m_buf.data() + m_end, m_buf.size() - m_pad - m_end);
    if (n == 0) {
        m_eof = true;
        return false;
    }
    m_end += n;
    return true;
}

void LineReader::skip_to(std::uint64_t offset, std::uint64_t line) {
    while (m_offset < offset) {
        if (m_begin == m_end && !fill()) break;
        const std::size_t take = static_cast<std::size_t>(std::min<std::uint64_t>(m_end - m_begin, offset - m_offset));
        m_begin += take;
        m_offset += take;
    }
    m_line = line;
}

bool LineReader::next(Line& out) {
    if (m_stopped) return false;
    out.stopped.clear();
    std::size_t scanned = 0;  // bytes of the current line already searched for '\n'
    for (;;) {
        const char* start = m_buf.data() + m_begin;
        const void* nl = std::memchr(start + scanned, '\n', m_end - m_begin - scanned);
        if (nl != nullptr || (m_eof && m_end > m_begin)) {
            const std::size_t len = nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - start) : m_end - m_begin;
            const std::size_t consumed = nl ? len + 1 : len;
            if (len > m_max) {
                out.number = ++m_line;
                out.too_long = true;
                m_too_long_head.assign(start, 200);
                out.text = m_too_long_head;
                m_begin += consumed;
                m_offset += consumed;
                out.end_offset = m_offset;
                return true;
            }
            std::size_t text_len = len;
            if (text_len > 0 && start[text_len - 1] == '\r') --text_len;
            out.number = ++m_line;
            out.too_long = false;
            out.text = std::string_view(start, text_len);
            m_begin += consumed;
            m_offset += consumed;
            out.end_offset = m_offset;
            // simdjson may read past the line: the bytes after it stay in the buffer (or the
            // padding), which is all it needs.
            return true;
        }
        if (m_eof) return false;
        scanned = m_end - m_begin;
        if (scanned > m_max) {
            // Too long to keep: report it and discard up to its newline, chunk by chunk. A NUL
            // byte or a line that never ends stops reading: /dev/zero, a binary file or an
            // endless stream is not a log, and discarding it would never finish.
            out.number = ++m_line;
            out.too_long = true;
            std::string head(start, 200);
            std::uint64_t skipped = scanned;
            const bool nul = std::memchr(start, '\0', scanned) != nullptr;
            m_offset += scanned;
            m_begin = m_end;
            for (bool first = true;; first = false) {
                if (nul || (!first && std::memchr(m_buf.data(), '\0', m_end) != nullptr)) {
                    out.stopped = "found a NUL byte in a line longer than " + std::to_string(m_max) +
                                  " bytes (a zeroed or binary file?)";
                } else if (skipped > m_max_skip) {
                    out.stopped = "found a line still not ended after " + std::to_string(m_max_skip) +
                                  " bytes (an endless stream?; --max-input-bytes raises the limit)";
                }
                if (!out.stopped.empty()) {
                    m_stopped = true;
                    m_stop_reason = out.stopped;
                    break;
                }
                if (!fill()) break;
                const void* p = std::memchr(m_buf.data(), '\n', m_end);
                if (p) {
                    const std::size_t upto = static_cast<std::size_t>(static_cast<const char*>(p) - m_buf.data()) + 1;
                    m_begin = upto;
                    m_offset += upto;
                    break;
                }
                m_offset += m_end;
                skipped += m_end;
                m_begin = m_end;
            }
            m_too_long_head = std::move(head);
            out.text = m_too_long_head;
            out.end_offset = m_offset;
            return true;
        }
        if (!fill() && m_end == m_begin) return false;
    }
}

bool LineReader::rest(std::string& out, std::size_t limit) {
    out.clear();
    if (m_stopped) return true;  // nothing after a stop is read
    out.assign(m_buf.data() + m_begin, m_end - m_begin);
    m_begin = m_end;
    // The limit counts the whole source: the lines already handed out (m_offset) too.
    if (m_offset + out.size() > limit) return false;
    std::vector<char> buf(k_chunk);
    for (;;) {
        const std::size_t n = m_in.read(buf.data(), buf.size());
        if (n == 0) break;
        if (m_offset + out.size() + n > limit) return false;
        out.append(buf.data(), n);
    }
    m_eof = true;
    m_offset += out.size();
    return true;
}

}  // namespace kg::audit::ingest
