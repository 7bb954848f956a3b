import ThemegenKit
print("themegen")
