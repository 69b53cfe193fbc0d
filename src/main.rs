fn main() {
    println!("kifu");
}
