// A large regular file mapped read-only into memory, for the loader: no copy and no
// fresh pages. Read into a buffer instead, a 59 MB export cost an eighth of its load
// (the kernel zeroes every page of the buffer, then the read fills it) and varied most
// from run to run.
//
// A mapped file cut short by another process while mapped would kill this one with
// SIGBUS at the next read of a page past its new end (that is why the loader used not
// to map). A SIGBUS handler, installed with the first mapping, puts a page of zeros
// there instead and marks the mapping changed, so the reader runs on and the loader
// reports the file as gone in part (as it does for a page the disk fails to read, which
// raises the same signal). A SIGBUS outside every mapping goes to the handler that was
// there before (by default, the process ends as it would have).
#pragma once

#include <cstddef>
#include <memory>
#include <string_view>

namespace kg::model {

class MappedFile {
public:
    /// Maps the first `size` bytes of `fd` (an open regular file; `size` > 0). Null when
    /// it cannot (mmap refused, or too many mappings are open): the caller reads instead.
    static std::unique_ptr<MappedFile> map(int fd, std::size_t size);

    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    /// The file's bytes. Readable up to one byte past the end, which is a NUL (as a
    /// std::string's is), whatever the size.
    std::string_view text() const { return {m_begin, m_size}; }

    /// A page of the mapping was found cut off (the file was truncated after it was
    /// mapped): the bytes read from it were zeros, not the file's.
    bool changed() const;

private:
    MappedFile(const char* begin, std::size_t size, std::size_t mapped, int slot)
        : m_begin(begin), m_size(size), m_mapped(mapped), m_slot(slot) {}

    const char* m_begin;
    std::size_t m_size;
    std::size_t m_mapped;  ///< bytes of address space reserved, the file's and a zero page after
    int m_slot;            ///< the handler's record of this mapping
};

}  // namespace kg::model
