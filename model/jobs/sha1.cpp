// A straightforward SHA-1 over a byte string; Workload names are short, so no streaming.
#include "model/jobs/sha1.h"

#include <array>
#include <cstdint>
#include <vector>

namespace kg::model::jobs {

namespace {
std::uint32_t rol(std::uint32_t v, int n) { return (v << n) | (v >> (32 - n)); }
}  // namespace

std::string sha1_hex(std::string_view data) {
    std::array<std::uint32_t, 5> h{0x67452301u, 0xEFCDAB89u, 0x98BADCFEu, 0x10325476u, 0xC3D2E1F0u};
    std::vector<unsigned char> msg(data.begin(), data.end());
    const std::uint64_t bit_len = static_cast<std::uint64_t>(data.size()) * 8u;
    msg.push_back(0x80);
    while (msg.size() % 64 != 56) {
        msg.push_back(0);
    }
    for (int i = 7; i >= 0; --i) {
        msg.push_back(static_cast<unsigned char>(bit_len >> (i * 8)));
    }
    for (std::size_t off = 0; off < msg.size(); off += 64) {
        std::array<std::uint32_t, 80> w{};
        for (std::size_t i = 0; i < 16; ++i) {
            w[i] = static_cast<std::uint32_t>(msg[off + 4 * i]) << 24 |
                   static_cast<std::uint32_t>(msg[off + 4 * i + 1]) << 16 |
                   static_cast<std::uint32_t>(msg[off + 4 * i + 2]) << 8 | msg[off + 4 * i + 3];
        }
        for (std::size_t i = 16; i < 80; ++i) {
            w[i] = rol(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
        }
        std::uint32_t a = h[0], b = h[1], c = h[2], d = h[3], e = h[4];
        for (std::size_t i = 0; i < 80; ++i) {
            std::uint32_t f = 0;
            std::uint32_t k = 0;
            if (i < 20) {
                f = (b & c) | (~b & d);
                k = 0x5A827999u;
            } else if (i < 40) {
                f = b ^ c ^ d;
                k = 0x6ED9EBA1u;
            } else if (i < 60) {
                f = (b & c) | (b & d) | (c & d);
                k = 0x8F1BBCDCu;
            } else {
                f = b ^ c ^ d;
                k = 0xCA62C1D6u;
            }
            std::uint32_t t = rol(a, 5) + f + e + k + w[i];
            e = d;
            d = c;
            c = rol(b, 30);
            b = a;
            a = t;
        }
        h[0] += a;
        h[1] += b;
        h[2] += c;
        h[3] += d;
        h[4] += e;
    }
    static constexpr char k_hex[] = "0123456789abcdef";
    std::string out;
    out.reserve(40);
    for (std::uint32_t v : h) {
        for (int i = 28; i >= 0; i -= 4) {
            out.push_back(k_hex[(v >> i) & 0xF]);
        }
    }
    return out;
}

}  // namespace kg::model::jobs
