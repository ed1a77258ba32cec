/*
 * A stand-in for Windows' bcryptprimitives.dll, used only when the test script runs clinic.exe
 * under Wine 8, whose bcryptprimitives lacks ProcessPrng. Rust's standard library calls ProcessPrng
 * at start-up for its random seeds, so without this the program cannot start under that Wine.
 *
 * It fills the buffer from RtlGenRandom (advapi32's SystemFunction036), which Wine implements.
 * Built by tests/windows/run.sh beside a copy of clinic.exe; never part of a release archive.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
