#pragma once

#include <string>
#include <vector>

namespace tb {

// One view of a configuration's code: "PTX", "SASS" (CUDA) or "Disassembly" (cpu).
struct CodeListing
{
    std::string title;
    std::string text;    // the listing; mangled names have their demangled form beside them
    std::string problem; // why there is no listing, said plainly; empty when there is one
};

// What the Kernel page shows of a compiled configuration's code (disassembler.h).
struct CodeListings
{
    std::string symbol; // the entry as the binary names it ("_Z4gemmILi64EEvPf")
    std::string entry;  // demangled ("gemm<64>(float*)"); the symbol when it is not mangled
    std::vector<CodeListing> listings;

    const CodeListing *find(const std::string &title) const
    {
        for (const auto &listing : listings)
            if (listing.title == title)
                return &listing;
        return nullptr;
    }
};

} // namespace tb
