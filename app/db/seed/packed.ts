/**
 * A growing list of numbers in a typed array: what a large seed keeps about each firm, policy or note
 * (a few bytes) instead of the rows, so its memory stays small however many rows it writes.
 */
export class PackedList<A extends Int32Array | Uint32Array | Uint8Array | Float64Array> {
  private data: A
  length = 0

  constructor(
    private readonly make: (size: number) => A,
    capacity = 1024,
  ) {
    this.data = make(capacity)
  }

  push(value: number): number {
    if (this.length === this.data.length) {
      const bigger = this.make(this.data.length * 2)
      bigger.set(this.data)
      this.data = bigger
    }
    this.data[this.length] = value
    return this.length++
  }

  get(index: number): number {
    if (index < 0 || index >= this.length) throw new RangeError(`index ${index} outside 0..${this.length - 1}`)
    return this.data[index]
  }
}

export const int32List = (capacity?: number) => new PackedList((size) => new Int32Array(size), capacity)
export const uint32List = (capacity?: number) => new PackedList((size) => new Uint32Array(size), capacity)
export const uint8List = (capacity?: number) => new PackedList((size) => new Uint8Array(size), capacity)
export const float64List = (capacity?: number) => new PackedList((size) => new Float64Array(size), capacity)
