# Turns a text file into a C source defining it as a NUL-terminated string:
#   cmake -DIN=file.s -DOUT=file.c -DSYMBOL=name -P embed_text.cmake
# Used to build the start code (share/ventsim/start.s) into the library, so
# an installed ventsim needs no data file to assemble programs.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," bytes "${hex}")
string(REGEX REPLACE "(0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,0x..,)" "\\1\n  " bytes "${bytes}")
file(WRITE "${OUT}.tmp"
  "/* Generated from ${IN} by src/asm/embed_text.cmake: do not edit. */\n"
  "const char ${SYMBOL}[] = {\n  ${bytes}0x00\n};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
